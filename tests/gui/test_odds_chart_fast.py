"""Issue 21: the shared odds chart works out its texts in integers, once per distribution, and they read exactly as
before. The texts below (accessible description, tooltips, percentages painted) were captured from the chart as
it was before the change and are pinned here; spies count the expensive parts on real widgets."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent

from warband.gui.widgets import odds_chart
from warband.gui.widgets.odds_chart import BarKind, OddsChartWidget, format_percent
from warband.gui.widgets.odds_chart import _percents as percents
from warband.model.dice import sum_distribution


def dice_bars(dice: int) -> list[tuple[str, Fraction]]:
    """The chance of each total of `dice` d6, as the power-dice Resolver gives them (5 × dice + 1 bars)."""
    throws = 6**dice
    return [(str(total), Fraction(ways, throws)) for total, ways in sum_distribution(dice, 6).items()]


SIXTHS = [(str(i), Fraction(1, 6)) for i in range(1, 7)]
UNDER = [
    ("0", Fraction(1, 7)),
    ("1", Fraction(2, 7)),
    ("2", Fraction(1, 1000)),
    ("3", Fraction(0)),
    ("4", Fraction(1, 2)),
]
HALVES = [("x", Fraction(1, 2)), ("y", Fraction(1, 2))]

# name: (chart arguments, set_distribution arguments, description, success, tooltips, painted texts "|"-joined)
PINNED: dict[str, tuple[dict[str, Any], dict[str, Any], str, str, list[str], str]] = {
    "2d6": (
        {"x_title": "Total"},
        {"buckets": dice_bars(2), "success_from": 5},
        "Success 58.3% (7/12). 2: 2.8%; 3: 5.6%; 4: 8.3%; 5: 11.1%; 6: 13.9%; 7: 16.7%; 8: 13.9%; 9: 11.1%; "
        "10: 8.3%; 11: 5.6%; 12: 2.8%",
        "7/12",
        [
            "Total 2: 1/36 — 2.8% (failure)",
            "Total 3: 1/18 — 5.6% (failure)",
            "Total 4: 1/12 — 8.3% (failure)",
            "Total 5: 1/9 — 11.1% (failure)",
            "Total 6: 5/36 — 13.9% (failure)",
            "Total 7: 1/6 — 16.7% (success)",
            "Total 8: 5/36 — 13.9% (success)",
            "Total 9: 1/9 — 11.1% (success)",
            "Total 10: 1/12 — 8.3% (success)",
            "Total 11: 1/18 — 5.6% (success)",
            "Total 12: 1/36 — 2.8% (success)",
        ],
        "0%|5%|10%|15%|20%|Total|2.8%|2|5.6%|3|8.3%|4|11.1%|5|13.9%|6|16.7%|7|13.9%|8|11.1%|9|8.3%|10|5.6%|11"
        "|2.8%|12|Success 58.3%|success|failure",
    ),
    "no target": (
        {},
        {"buckets": [("a", Fraction(1, 3000)), ("b", Fraction(2999, 3000)), ("c", Fraction(0))]},
        "No target yet. a: <0.1%; b: >99.9%; c: 0%",
        "None",
        ["a: 1/3000 — <0.1%", "b: 2999/3000 — >99.9%", "c: 0 — 0%"],
        "0%|25%|50%|75%|100%|<0.1%|a|>99.9%|b|c",
    ),
    "sure failure": (
        {"x_title": "Result", "summary": False},
        {"buckets": SIXTHS, "success_from": 3, "sure_failures": (0,), "success_to": 5},
        "Success 33.3% (1/3). 1: 16.7%; 2: 16.7%; 3: 16.7%; 4: 16.7%; 5: 16.7%; 6: 16.7%",
        "1/3",
        [
            "Result 1: 1/6 — 16.7% (fails whatever the target)",
            "Result 2: 1/6 — 16.7% (failure)",
            "Result 3: 1/6 — 16.7% (failure)",
            "Result 4: 1/6 — 16.7% (success)",
            "Result 5: 1/6 — 16.7% (success)",
            "Result 6: 1/6 — 16.7% (failure)",
        ],
        "0%|5%|10%|15%|20%|Result|16.7%|1|16.7%|2|16.7%|3|16.7%|4|16.7%|5|16.7%|6|success|failure|always fails",
    ),
    "under": (
        {"x_title": "Power"},
        {"buckets": UNDER, "success_from": 0, "success_to": 3},
        "Success 43.0% (3007/7000). 0: 14.3%; 1: 28.6%; 2: 0.1%; 3: 0%; 4: 50.0%",
        "3007/7000",
        [
            "Power 0: 1/7 — 14.3% (success)",
            "Power 1: 2/7 — 28.6% (success)",
            "Power 2: 1/1000 — 0.1% (success)",
            "Power 3: 0 — 0% (failure)",
            "Power 4: 1/2 — 50.0% (failure)",
        ],
        "0%|20%|40%|60%|Power|14.3%|0|28.6%|1|0.1%|2|3|50.0%|4|Success 43.0%|success|failure",
    ),
    "all succeed": (
        {},
        {"buckets": HALVES, "success_from": 0},
        "Success 100% (1). x: 50.0%; y: 50.0%",
        "1",
        ["x: 1/2 — 50.0% (success)", "y: 1/2 — 50.0% (success)"],
        "0%|20%|40%|60%|50.0%|x|50.0%|y|Success 100%|success",
    ),
    "none succeed": (
        {},
        {"buckets": HALVES, "success_from": 2},
        "Success 0% (0). x: 50.0%; y: 50.0%",
        "0",
        ["x: 1/2 — 50.0% (failure)", "y: 1/2 — 50.0% (failure)"],
        "0%|20%|40%|60%|50.0%|x|50.0%|y|Success 0%|failure",
    ),
    "empty": (
        {},
        {"buckets": ()},
        "No odds to show",
        "None",
        [],
        "No odds to show",
    ),
}

# Many bars: their texts pinned by length, digest and a few pieces (the painted labels depend on the font).
LARGE = {
    40: (
        100,
        2368,
        "cf59902233c29582cc75803fc0ac43399fe12926a56f0db82f2555354d8aea75",
        "9e24ebd4d0ed932f85080b08f62811bbcb3bc013199eb55aa4bccf829fd3c494",
        "1732407677444396142199489845085/3341873634710933516959711494144",
        "Success 51.8% (",
        "Total 140: 61470860088929383719634098013/1670936817355466758479855747072 — 3.7% (success)",
        ["0%", "1%", "2%", "3%", "4%"],
    ),
    120: (
        300,
        7312,
        "cd08b6208ff0e94736872c2bcd92bbf56aad24bcd066f6c1ca52e9014b4bb555",
        "e10c369824666aeb1d238d20c2e143614960170f7776ea96fc2535c9035f64e8",
        "304938150885196306162030145624811071850551303345685188658033093675366537331433314196226762169/"
        "597159099840027494389350510429533270207357289961189376910515799839882408130616945858779807744",
        "Success 51.1% (",
        "Total 420: 6358600965182558967354890410044436746872658365090500202775193755425333266124841266836858297/"
        "298579549920013747194675255214766635103678644980594688455257899919941204065308472929389903872 — 2.1% "
        "(success)",
        ["0%", "1%", "2%", "3%"],
    ),
}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the chart paints, in order: its QPainter records what it draws."""
    texts: list[str] = []

    class RecordingPainter(odds_chart.QPainter):
        def drawText(self, *args: Any) -> None:  # noqa: N802
            texts.append(next(a for a in args if isinstance(a, str)))
            super().drawText(*args)

    monkeypatch.setattr(odds_chart, "QPainter", RecordingPainter)
    yield texts


@pytest.fixture
def spies(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many times the chart has worked out its description and its chance of success."""
    calls = {"_describe": 0, "_sum_success": 0}

    def spy(name: str) -> Callable[..., Any]:
        original = getattr(OddsChartWidget, name)

        def counted(self: OddsChartWidget) -> Any:
            calls[name] += 1
            return original(self)

        return counted

    for name in calls:
        monkeypatch.setattr(OddsChartWidget, name, spy(name))
    return calls


def make_chart(qtbot: Any, **options: Any) -> OddsChartWidget:
    chart = OddsChartWidget(**options)
    qtbot.addWidget(chart)
    chart.resize(900, 300)
    return chart


def tooltips(chart: OddsChartWidget) -> list[str]:
    return [chart.bar_tooltip(i) for i in range(len(chart.buckets()))]


@pytest.mark.parametrize("name", list(PINNED))
def test_the_texts_are_those_of_before(qtbot, painted, name):
    options, arguments, description, success, tips, drawn = PINNED[name]
    chart = make_chart(qtbot, **options)
    chart.set_distribution(**arguments)
    painted.clear()
    chart.grab()
    assert chart.accessibleDescription() == description
    assert str(chart.success_chance()) == success
    assert tooltips(chart) == tips
    assert painted == drawn.split("|")


@pytest.mark.parametrize("dice", list(LARGE))
def test_many_bars_read_as_before(qtbot, painted, dice):
    success_from, length, description, tips, success, start, middle, scale = LARGE[dice]
    bars = dice_bars(dice)
    chart = make_chart(qtbot, x_title="Total", summary=False)
    chart.set_distribution(bars, success_from)
    painted.clear()
    chart.grab()
    text = chart.accessibleDescription()
    assert (len(text), digest(text)) == (length, description)
    assert text.startswith(f"{start}{success}). {dice}: <0.1%; ")
    shown = tooltips(chart)
    assert digest("\n".join(shown)) == tips
    assert shown[len(shown) // 2] == middle
    assert str(chart.success_chance()) == success
    assert chart.success_chance() == sum((c for _l, c in bars[success_from:]), Fraction(0))
    assert [t for t in painted if "%" in t] == scale  # the scale only: no bar is wide enough for its percentage
    assert {t for t in painted if "%" not in t} <= {"Total", "success", "failure"} | {label for label, _c in bars}


def test_the_tooltip_event_shows_the_same_text(qtbot, monkeypatch):
    """Hovering a bar shows its tooltip (recorded here: the offscreen platform cannot raise a tooltip window)."""
    shown: list[str] = []

    class RecordingToolTip:
        @staticmethod
        def showText(_pos: QPoint, text: str, _widget: object) -> None:  # noqa: N802
            shown.append(text)

        @staticmethod
        def hideText() -> None:  # noqa: N802
            shown.append("")

    monkeypatch.setattr(odds_chart, "QToolTip", RecordingToolTip)
    chart = make_chart(qtbot, x_title="Total")
    chart.set_distribution(dice_bars(2), 5)
    plot = chart._plot_rect()
    for index in (0, 5, 10):
        x = int(plot.left() + plot.width() * (index + 0.5) / 11)
        assert chart.event(QHelpEvent(QEvent.Type.ToolTip, QPoint(x, 150), chart.mapToGlobal(QPoint(x, 150))))
    assert chart.event(QHelpEvent(QEvent.Type.ToolTip, QPoint(1, 150), chart.mapToGlobal(QPoint(1, 150))))
    assert shown == [
        "Total 2: 1/36 — 2.8% (failure)",
        "Total 7: 1/6 — 16.7% (success)",
        "Total 12: 1/36 — 2.8% (success)",
        "",  # beside the bars: no tooltip
    ]


def test_the_description_and_the_success_are_worked_out_once_per_distribution(qtbot, spies, monkeypatch):
    listed = []  # each bar's percentage, worked out once per set of bars
    monkeypatch.setattr(odds_chart, "_percents", lambda ratios: listed.append(1) or percents(ratios))
    chart = make_chart(qtbot, x_title="Total")
    made = spies["_describe"]  # the empty chart's description

    def counts() -> tuple[int, int, int]:
        return spies["_describe"] - made, spies["_sum_success"], len(listed)

    bars = dice_bars(120)
    chart.set_distribution(bars, 300)
    assert counts() == (1, 1, 1)
    for _again in range(3):  # read, painted, hovered, and the same bars given again
        chart.accessibleDescription()
        chart.success_chance()
        chart.bar_tooltip(300)
        chart.grab()
        chart.set_distribution(list(bars), 300)
        chart.set_distribution(tuple((label, Fraction(c.numerator, c.denominator)) for label, c in bars), 300)
    assert counts() == (1, 1, 1)
    chart.set_distribution(bars, 301)  # another target: a new description, the same bars' percentages
    assert counts() == (2, 2, 1)
    assert chart.success_chance() == sum((c for _l, c in bars[301:]), Fraction(0))
    assert chart.accessibleDescription().startswith(f"Success {format_percent(chart.success_chance())} (")
    chart.set_distribution(bars, None)
    assert counts() == (3, 3, 1)
    assert chart.success_chance() is None
    assert chart.accessibleDescription().startswith("No target yet. 120: <0.1%; 121: <0.1%; ")
    other = dice_bars(119)
    chart.set_distribution(other, 300)  # new bars
    assert counts() == (4, 4, 2)
    chart.set_distribution([(f"{label}+", c) for label, c in other], 300)
    assert counts() == (5, 5, 3)  # the same chances under other labels: new bars


def test_the_bars_keep_their_exact_chances_and_kinds(qtbot):
    chart = make_chart(qtbot)
    chart.set_distribution([("a", 1), ("b", 0.5), ("c", Fraction(1, 3))], 1, [2], success_to=3)
    assert chart.buckets() == (("a", Fraction(1)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3)))
    assert all(type(c) is Fraction for _l, c in chart.buckets())
    assert chart.kinds() == (BarKind.FAILURE, BarKind.SUCCESS, BarKind.SURE_FAILURE)
    assert chart.success_chance() == Fraction(1, 2)
    with pytest.raises(ValueError, match="negative"):
        chart.set_distribution([("a", Fraction(-1, 3))], 0)
    with pytest.raises(ValueError, match="one of the bars"):
        chart.set_distribution([("a", Fraction(1, 3))], 0, [1])
    chart.set_distribution([("a", Fraction(1, 3)), ("b", Fraction(2, 3))], 1, success_to=-1)  # none succeeds
    assert chart.kinds() == (BarKind.FAILURE, BarKind.FAILURE) and chart.success_chance() == 0


# --- the texts against the way they were made before, on random distributions ---------------------------------
def reference_percent(chance: Fraction, decimals: int = 1) -> str:
    """`format_percent` as it was before issue 21 (Fraction arithmetic): the oracle."""
    if chance == 0:
        return "0%"
    if chance == 1:
        return "100%"
    scale = 10**decimals
    rounded = math.floor(chance * 100 * scale + Fraction(1, 2))

    def fixed(units: int) -> str:
        if decimals == 0:
            return str(units)
        whole, part = divmod(units, 10**decimals)
        return f"{whole}.{part:0{decimals}d}"

    if rounded == 0:
        return f"<{fixed(1)}%"
    if rounded >= 100 * scale:
        return f">{fixed(100 * scale - 1)}%"
    return f"{fixed(rounded)}%"


def reference_kinds(
    count: int, success_from: int | None, sure: Sequence[int], success_to: int | None
) -> list[str]:
    """The kind of each bar, as worked out before issue 21."""
    kinds = []
    for i in range(count):
        if i in sure:
            kinds.append("sure_failure")
        elif success_from is None:
            kinds.append("neutral")
        elif success_from <= i < (count if success_to is None else success_to):
            kinds.append("success")
        else:
            kinds.append("failure")
    return kinds


chances = st.one_of(
    st.fractions(min_value=0, max_value=1),
    st.fractions(min_value=0, max_value=3),  # the chances need not sum to 1
    st.builds(Fraction, st.integers(0, 6**40), st.just(6**40)),
    st.builds(Fraction, st.integers(0, 3000), st.integers(1, 3000)),
    st.sampled_from([Fraction(0), Fraction(1), Fraction(1, 2000), Fraction(1999, 2000), Fraction(3, 2000)]),
)


@given(chances, st.integers(min_value=0, max_value=4))
def test_format_percent_as_before(chance, decimals):
    assert format_percent(chance, decimals) == reference_percent(chance, decimals)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # a new chart for each example
@given(
    st.lists(chances, max_size=30),
    st.one_of(st.none(), st.integers(-2, 32)),
    st.one_of(st.none(), st.integers(-2, 32)),
    st.data(),
)
def test_random_distributions_read_as_before(qtbot, bars, success_from, success_to, data):
    count = len(bars)
    sure = data.draw(st.lists(st.integers(0, count - 1), max_size=3)) if count else []
    chart = OddsChartWidget(x_title="Total")
    qtbot.addWidget(chart)
    chart.set_distribution([(str(i), c) for i, c in enumerate(bars)], success_from, sure, success_to=success_to)
    kinds = reference_kinds(count, success_from, sure, success_to)
    assert [k.value for k in chart.kinds()] == kinds
    listed = "; ".join(f"{i}: {reference_percent(c)}" for i, c in enumerate(bars))
    if not bars:
        assert chart.accessibleDescription() == "No odds to show"
    elif success_from is None:
        assert chart.success_chance() is None
        assert chart.accessibleDescription() == f"No target yet. {listed}"
    else:
        success = sum((c for c, k in zip(bars, kinds, strict=True) if k == "success"), Fraction(0))
        assert chart.success_chance() == success and type(chart.success_chance()) is Fraction
        assert chart.accessibleDescription() == f"Success {reference_percent(success)} ({success}). {listed}"
    for i, c in enumerate(bars):
        assert f"Total {i}: {c} — {reference_percent(c)}" in chart.bar_tooltip(i)
