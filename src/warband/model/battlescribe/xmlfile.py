"""One BattleScribe XML file made safe to read: its size bounded, its zip opened, its XML parsed with nothing an
XML file must not do here (a DTD, an entity, an external reference), its namespace checked and taken off.

Every failure is a `FileError` naming the file, the place (the zip's member, the line) and why: a file from
anywhere never crashes the reader and never makes it read a network address, a local file or a billion laughs.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden, ExternalReferenceForbidden
from defusedxml.ElementTree import fromstring

from warband.model.storage import MAX_FILE_BYTES, FileError

MAX_MEMBER_BYTES = 50 * 1024 * 1024
"""A zipped file's XML over this size is refused before it is decompressed whole (a zip bomb)."""

SCHEMA_VERSIONS = ("2.01", "2.02", "2.03")
"""The `battleScribeVersion`s read: their differences are small and known (BSData/schemas' transforms)."""

NAMESPACE = "http://www.battlescribe.net/schema/"
"""Each kind of file has its namespace under this one: `catalogueSchema`, `gameSystemSchema`, `rosterSchema`."""

_ZIP_MAGIC = b"PK"  # a local file header, or the end of an empty archive: no XML starts so
_ZIPPED_SUFFIXES = (".gstz", ".catz", ".rosz")


@dataclass(frozen=True, slots=True)
class XmlFile:
    """A parsed file: its root element, every tag without its namespace, and what the root says it is."""

    path: Path
    root: Element
    kind: str
    """The root's name: "catalogue", "gameSystem" or "roster"."""
    schema: str
    """Its `battleScribeVersion`."""

    @property
    def file(self) -> str:
        return str(self.path)


def _mb(size: int) -> str:
    return f"{size / 1_048_576:.1f} MB"


def read_bytes(path: Path) -> bytes:
    """The file's bytes, refusing one over `MAX_FILE_BYTES` before reading it."""
    file = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            limit = MAX_FILE_BYTES // 1_048_576
            raise FileError(file, "", f"the file is {_mb(size)}; Warband reads files of at most {limit} MB")
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise FileError(file, "", "no such file") from None
    except IsADirectoryError:
        raise FileError(file, "", "this is a folder, not a file") from None
    except PermissionError:
        raise FileError(file, "", "permission denied: the file cannot be read") from None
    except OSError as exc:
        raise FileError(file, "", f"the file cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:  # it grew while being read
        raise FileError(file, "", f"the file is over {MAX_FILE_BYTES // 1_048_576} MB")
    return raw


def unzip(raw: bytes, file: str) -> tuple[bytes, str]:
    """The one XML file a `.gstz`/`.catz`/`.rosz` holds, and its name in the archive.

    More than one file, or one decompressing beyond `MAX_MEMBER_BYTES`, is refused: BattleScribe writes one."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            members = [info for info in archive.infolist() if not info.is_dir()]
            if len(members) != 1:
                names = ", ".join(repr(info.filename[:80]) for info in members[:5])
                more = ", …" if len(members) > 5 else ""
                what = f"{len(members)} files ({names}{more})" if members else "no file"
                raise FileError(file, "", f"the zip archive holds {what}; a BattleScribe file holds exactly one")
            info = members[0]
            if info.file_size > MAX_MEMBER_BYTES:
                raise FileError(
                    file,
                    info.filename[:200],
                    f"the zipped file is {_mb(info.file_size)} once decompressed; Warband reads at most "
                    f"{MAX_MEMBER_BYTES // 1_048_576} MB",
                )
            with archive.open(info) as handle:
                data = handle.read(MAX_MEMBER_BYTES + 1)
            if len(data) > MAX_MEMBER_BYTES:  # the archive lied about the size
                raise FileError(
                    file,
                    info.filename[:200],
                    f"the zipped file decompresses beyond {MAX_MEMBER_BYTES // 1_048_576} MB",
                )
            return data, info.filename[:200]
    except FileError:
        raise
    except Exception as exc:  # a damaged or hostile archive may fail in any way zipfile and zlib know
        raise FileError(file, "", f"not a readable zip archive ({type(exc).__name__}: {exc})"[:300]) from None


def _parse_error(exc: ParseError, file: str, member: str) -> FileError:
    line, column = getattr(exc, "position", (0, 0))
    message = str(exc).split(": line ")[0]
    where = f"line {line}, column {column + 1}" if line else ""
    if member:
        where = f"{member}, {where}" if where else member
    return FileError(file, where, f"not valid XML ({message})")


def parse(data: bytes, file: str, member: str = "") -> Element:
    """The root element, parsed by `defusedxml`: a DTD, an entity or an external reference is refused."""
    refused = "Warband refuses DTDs, entities and external references in BattleScribe files"
    try:
        return fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DTDForbidden:
        message = f"the file has a document type declaration (<!DOCTYPE …>): {refused}"
        raise FileError(file, member, message) from None
    except EntitiesForbidden as exc:
        raise FileError(file, member, f"the file declares the entity {exc.name!r}: {refused}") from None
    except ExternalReferenceForbidden:
        raise FileError(file, member, f"the file refers to an external resource: {refused}") from None
    except DefusedXmlException as exc:
        raise FileError(file, member, f"the file uses an XML feature Warband refuses ({exc})") from None
    except ParseError as exc:
        raise _parse_error(exc, file, member) from None
    except RecursionError:
        raise FileError(file, member, "the XML is nested too deeply") from None
    except (ValueError, TypeError, LookupError) as exc:  # an encoding Python does not know, and the like
        raise FileError(file, member, f"not valid XML ({exc})"[:300]) from None


def _strip_namespaces(root: Element, namespace: str) -> None:
    """Tags in the file's namespace lose it ("{…catalogueSchema}entryLink" → "entryLink"); others keep theirs,
    so they match nothing and are counted as not read."""
    prefix = f"{{{namespace}}}"
    cut = len(prefix)
    for element in root.iter():
        tag = element.tag
        if isinstance(tag, str) and tag.startswith(prefix):
            element.tag = tag[cut:]


def load(path: Path, kinds: tuple[str, ...]) -> XmlFile:
    """Read, unzip if zipped, parse and check one file whose root is one of `kinds` ("catalogue", "gameSystem",
    "roster"), in its BattleScribe namespace and of a schema version Warband reads."""
    file = str(path)
    raw = read_bytes(path)
    member = ""
    if raw.startswith(_ZIP_MAGIC):
        raw, member = unzip(raw, file)
    elif path.suffix.lower() in _ZIPPED_SUFFIXES:
        raise FileError(file, "", f"a {path.suffix} file is a zip archive, and this one is not")
    root = parse(raw, file, member)
    tag = root.tag if isinstance(root.tag, str) else ""
    namespace, _, local = tag[1:].partition("}") if tag.startswith("{") else ("", "", tag)
    wanted = " or ".join(f"a BattleScribe {kind}" for kind in kinds)
    if local not in kinds or namespace != f"{NAMESPACE}{local}Schema":
        where = f" in the namespace {namespace[:120]!r}" if namespace else " without a namespace"
        found = f"<{local[:80]}>{where}"
        raise FileError(file, member, f"this is not {wanted}: its root element is {found}")
    version = root.get("battleScribeVersion")
    if version not in SCHEMA_VERSIONS:
        said = f"version {version[:40]!r}" if version is not None else "no battleScribeVersion"
        raise FileError(
            file,
            member,
            f"this {local} declares {said}; Warband reads BattleScribe schema versions "
            f"{', '.join(SCHEMA_VERSIONS)}",
        )
    _strip_namespaces(root, namespace)
    return XmlFile(path, root, local, version)
