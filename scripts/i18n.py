"""Translations: extract our strings, merge them into the `.po` files, compile the `.mo` files.

    python scripts/i18n.py              extract, merge and compile (writes only the files that change)
    python scripts/i18n.py --add de     the same, and start a catalog for a new language
    python scripts/i18n.py --check      exit 1 when warband.pot, a .po or a .mo is stale (for CI)

Strings are found with the `ast` module: the plain string literals given to `_()` and `N_()` anywhere under
src/warband (f-strings and expressions are skipped: they cannot be looked up), and the singular and plural given
to `ngettext()` (an entry with `msgid_plural` and one `msgstr[i]` per plural form of the language; inside the
script its msgid is "singular\0plural" and its msgstr the forms joined by "\0", as a .mo file holds them).
The template is resources/locale/warband.pot; each language has resources/locale/<lang>/LC_MESSAGES/warband.po
(edited by translators) and warband.mo (compiled here by a small msgfmt, so no gettext tools are needed). Output is
deterministic (no dates), so that `--check` can compare bytes.
"""

from __future__ import annotations

import argparse
import ast
import re
import string
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "warband"
LOCALE = ROOT / "resources" / "locale"
DOMAIN = "warband"
KEYWORDS = ("_", "N_")
PLURAL_KEYWORDS = ("ngettext",)
PLURAL = "\x00"
"""Between the singular and the plural of a msgid, and between the forms of its msgstr (as in a .mo file)."""
WIDTH = 79

PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "ru": (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
    ),
}
LANGUAGE_NAMES = {"fr": "French", "ru": "Russian"}


# --- extraction -------------------------------------------------------------------------------------------------


def extract(source: Path = SOURCE) -> dict[str, list[str]]:
    """Every plain string literal given to `_()` or `N_()`, with where it is used, in source order."""
    found: dict[str, list[str]] = {}
    for path in sorted(source.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        calls = sorted(
            (node.lineno, node.col_offset, text)
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and (text := _keyword_text(node)) is not None
        )
        where = path.relative_to(source.parent).as_posix()
        for _line, _, text in calls:
            # file names only, no line numbers: editing code must not make the catalogs stale
            if text and where not in found.get(text, []):
                found.setdefault(text, []).append(where)
    return found


def _keyword_text(node: ast.Call) -> str | None:
    """The msgid of `_("…")`, `N_("…")` or `ngettext("…", "…", n)` ("singular\0plural"); None for other calls."""
    if not isinstance(node.func, ast.Name) or node.keywords:
        return None
    texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
    if node.func.id in KEYWORDS and len(texts) == 1:
        return texts[0]
    if node.func.id in PLURAL_KEYWORDS and len(texts) == 3 and texts[0] and texts[1]:
        return texts[0] + PLURAL + texts[1]
    return None


def placeholders(text: str) -> list[str]:
    """The `{fields}` of a str.format template, each once and sorted (the forms of a plural entry together; empty
    when the text is not a valid template)."""
    try:
        return sorted({name for _, name, _, _ in string.Formatter().parse(text) if name is not None})
    except ValueError:
        return []


# --- the .po format ---------------------------------------------------------------------------------------------


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    comments: list[str] = field(default_factory=list)  # "# " translator comments, kept as written
    references: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    obsolete: bool = False

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


@dataclass
class Catalog:
    header: Entry
    entries: list[Entry]

    def lookup(self) -> dict[str, Entry]:
        return {e.msgid: e for e in self.entries}


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r"}


def _quote(text: str) -> str:
    return '"' + "".join(_ESCAPES.get(c, c) for c in text) + '"'


def _unquote(token: str) -> str:
    token = token.strip()
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"not a quoted string: {token!r}")
    return re.sub(r"\\(.)", lambda m: _UNESCAPES.get(m.group(1), m.group(1)), token[1:-1])


def _chunks(text: str, room: int) -> list[str]:
    """Split a string as msgmerge does: after each newline, and at spaces so that each quoted line fits."""
    pieces: list[str] = []
    for line in re.split(r"(?<=\n)", text):
        if not line:
            continue
        words = re.split(r"(?<= )", line)
        current = ""
        for word in words:
            if current and len(_quote(current + word)) > room:
                pieces.append(current)
                current = word
            else:
                current += word
        pieces.append(current)
    return pieces


def _field(keyword: str, text: str, prefix: str = "") -> list[str]:
    one = f"{prefix}{keyword} {_quote(text)}"
    if len(one) <= WIDTH and "\n" not in text[:-1]:
        return [one]
    return [f'{prefix}{keyword} ""'] + [prefix + _quote(p) for p in _chunks(text, WIDTH - len(prefix))]


def format_entry(entry: Entry) -> list[str]:
    lines = [f"# {c}" if c else "#" for c in entry.comments]
    prefix = "#~ " if entry.obsolete else ""
    if not entry.obsolete:
        refs = ""
        for ref in entry.references:
            if refs and len(refs) + 1 + len(ref) > WIDTH:
                lines.append(refs)
                refs = ""
            refs = f"{refs} {ref}" if refs else f"#: {ref}"
        if refs:
            lines.append(refs)
    if entry.flags:
        lines.append("#, " + ", ".join(entry.flags))
    if PLURAL in entry.msgid:
        singular, plural = entry.msgid.split(PLURAL, 1)
        lines += _field("msgid", singular, prefix) + _field("msgid_plural", plural, prefix)
        forms = entry.msgstr.split(PLURAL) if entry.msgstr else ["", ""]
        for number, form in enumerate(forms):
            lines += _field(f"msgstr[{number}]", form, prefix)
        return lines
    lines += _field("msgid", entry.msgid, prefix)
    lines += _field("msgstr", entry.msgstr, prefix)
    return lines


def format_catalog(catalog: Catalog) -> str:
    blocks = [format_entry(catalog.header)] + [format_entry(e) for e in catalog.entries]
    return "\n\n".join("\n".join(block) for block in blocks) + "\n"


def parse_po(text: str) -> Catalog:
    """A .po file as written by this script or by a translator's editor (plurals, no contexts)."""
    entries: list[Entry] = []
    current = Entry("")
    target: str | None = None
    started = False

    def finish() -> None:
        nonlocal current, started, target
        if started:
            if not current.msgstr.strip(PLURAL):
                current.msgstr = ""  # a plural entry with no form translated is untranslated
            entries.append(current)
        current, started, target = Entry(""), False, None

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            if not obsolete:
                finish()
            continue
        try:
            if line.startswith("#,"):
                if target == "msgstr":
                    finish()
                current.flags += [f.strip() for f in line[2:].split(",") if f.strip()]
            elif line.startswith("#:"):
                if target == "msgstr":
                    finish()
                current.references += line[2:].split()
            elif line.startswith("#"):
                if target == "msgstr":
                    finish()
                if not line.startswith(("#.", "#|")):
                    current.comments.append(line[1:].removeprefix(" "))
            elif line.startswith("msgid "):
                if target == "msgstr":
                    finish()
                current.msgid, target, started = _unquote(line[6:]), "msgid", True
                current.obsolete = obsolete
            elif line.startswith("msgid_plural "):
                current.msgid += PLURAL + _unquote(line[13:])
            elif line.startswith("msgstr "):
                current.msgstr, target = _unquote(line[7:]), "msgstr"
            elif (form := re.match(r"msgstr\[(\d+)\] ", line)) is not None:
                text = _unquote(line[form.end() :])
                current.msgstr = text if form.group(1) == "0" else current.msgstr + PLURAL + text
                target = "msgstr"
            elif line.startswith('"') and target == "msgid":
                current.msgid += _unquote(line)
            elif line.startswith('"') and target == "msgstr":
                current.msgstr += _unquote(line)
            else:
                raise ValueError(f"unexpected line: {raw!r}")
        except ValueError as error:
            raise ValueError(f"line {number}: {error}") from None
    finish()
    headers = [e for e in entries if e.msgid == "" and not e.obsolete]
    header = headers[0] if headers else Entry("")
    return Catalog(header, [e for e in entries if e.msgid != ""])


# --- template and merge -----------------------------------------------------------------------------------------


def _header(lang: str | None) -> Entry:
    fields = ["Project-Id-Version: warband", "Report-Msgid-Bugs-To: ", f"Language: {lang or ''}"]
    fields += ["MIME-Version: 1.0", "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit"]
    if lang in PLURAL_FORMS:
        fields.append(f"Plural-Forms: {PLURAL_FORMS[lang]}")
    title = f"{LANGUAGE_NAMES.get(lang or '', lang)} translation of Warband." if lang else "Warband's strings."
    return Entry("", "".join(f"{f}\n" for f in fields), comments=[title])


def _flags(msgid: str) -> list[str]:
    return ["python-brace-format"] if placeholders(msgid) else []


def template(found: dict[str, list[str]]) -> Catalog:
    return Catalog(_header(None), [Entry(m, references=r, flags=_flags(m)) for m, r in found.items()])


def merge(pot: Catalog, po: Catalog | None, lang: str) -> Catalog:
    """The template's entries in its order with the translations kept; translations no longer used stay as `#~`."""
    old = po.lookup() if po else {}
    entries = []
    for new in pot.entries:
        kept = old.get(new.msgid)
        entries.append(
            Entry(
                new.msgid,
                kept.msgstr if kept else "",
                comments=list(kept.comments) if kept else [],
                references=list(new.references),
                flags=(["fuzzy"] if kept and kept.fuzzy else []) + new.flags,
            )
        )
    used = {e.msgid for e in entries}
    gone = [e for e in (po.entries if po else []) if e.msgid not in used and e.msgstr]
    entries += [Entry(e.msgid, e.msgstr, comments=list(e.comments), obsolete=True) for e in gone]
    return Catalog(po.header if po and po.header.msgstr else _header(lang), entries)


# --- msgfmt -----------------------------------------------------------------------------------------------------


def compile_mo(po: Catalog) -> bytes:
    """The GNU .mo file of a catalog: translated, non-fuzzy entries and the header, sorted by msgid."""
    pairs = {e.msgid: e.msgstr for e in po.entries if e.msgstr and not e.fuzzy and not e.obsolete}
    pairs[""] = po.header.msgstr
    keys = sorted(pairs, key=lambda k: k.encode("utf-8"))
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key in keys:
        msgid, msgstr = key.encode("utf-8"), pairs[key].encode("utf-8")
        offsets.append((len(ids), len(msgid), len(strs), len(msgstr)))
        ids += msgid + b"\0"
        strs += msgstr + b"\0"
    count = len(keys)
    key_start = 7 * 4 + 16 * count  # after the header and both tables; no hash table
    value_start = key_start + len(ids)
    originals: list[int] = []
    translations: list[int] = []
    for id_offset, id_length, str_offset, str_length in offsets:
        originals += [id_length, id_offset + key_start]
        translations += [str_length, str_offset + value_start]
    return (
        struct.pack("<7I", 0x950412DE, 0, count, 7 * 4, 7 * 4 + count * 8, 0, 0)
        + struct.pack(f"<{len(originals)}I", *originals)
        + struct.pack(f"<{len(translations)}I", *translations)
        + ids
        + strs
    )


# --- the files --------------------------------------------------------------------------------------------------


def po_path(lang: str, locale: Path = LOCALE) -> Path:
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages(locale: Path = LOCALE) -> list[str]:
    return sorted(p.parent.parent.name for p in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def expected_files(source: Path = SOURCE, locale: Path = LOCALE, add: tuple[str, ...] = ()) -> dict[Path, bytes]:
    """What the template, each .po and each .mo should hold, from the sources and the translations so far."""
    pot = template(extract(source))
    files = {locale / f"{DOMAIN}.pot": format_catalog(pot).encode("utf-8")}
    for lang in sorted({*languages(locale), *add}):
        path = po_path(lang, locale)
        old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else None
        po = merge(pot, old, lang)
        files[path] = format_catalog(po).encode("utf-8")
        files[path.with_suffix(".mo")] = compile_mo(po)
    return files


def coverage(locale: Path = LOCALE) -> dict[str, tuple[int, int]]:
    """Per language: translated entries and all entries (obsolete ones aside)."""
    result = {}
    for lang in languages(locale):
        po = parse_po(po_path(lang, locale).read_text(encoding="utf-8"))
        active = [e for e in po.entries if not e.obsolete]
        result[lang] = (sum(1 for e in active if e.msgstr and not e.fuzzy), len(active))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is stale")
    parser.add_argument("--add", nargs="+", default=[], metavar="LANG", help="start catalogs for new languages")
    args = parser.parse_args(argv)
    files = expected_files(add=tuple(args.add))
    stale = [path for path, data in files.items() if not path.exists() or path.read_bytes() != data]
    for path in stale:
        shown = path.relative_to(ROOT)
        if args.check:
            print(f"stale: {shown}", file=sys.stderr)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
            print(f"wrote {shown}")
    if args.check and stale:
        print("run: python scripts/i18n.py", file=sys.stderr)
        return 1
    if not args.check:
        for lang, (done, total) in coverage().items():
            print(f"{lang}: {done}/{total} translated ({100 * done / max(total, 1):.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
