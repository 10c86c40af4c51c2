"""bench/responsive.py and bench/lighthouse.py: they import without a browser, and their
pure parts (long-task figures, percentiles, the tables, Lighthouse's report read, the
floor folder) do what the benches rely on. No timing is asserted anywhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bench import accessibility, first_paint, lighthouse, responsive


def test_the_longest_task_counts_only_tasks_started_before_the_hand_is_dealt() -> None:
    tasks = [[100.0, 60.0], [300.0, 605.0], [2000.0, 900.0]]
    assert responsive.longest_task(tasks, 1500.0) == 605.0
    assert responsive.longest_task(tasks) == 900.0
    assert responsive.longest_task([], 10.0) == 0.0


def test_the_blocked_share_clips_tasks_to_the_window() -> None:
    # usable at 200, ready at 1200: 100 ms of the first task and all of the second count.
    tasks = [[100.0, 200.0], [500.0, 300.0], [1150.0, 500.0]]
    assert responsive.blocked_share(tasks, 200.0, 1200.0) == (100 + 300 + 50) / 1000
    assert responsive.blocked_share(tasks, 1200.0, 1200.0) == 0.0
    assert responsive.blocked_share([[0.0, 5000.0]], 10.0, 20.0) == 1.0


def test_percentiles_interpolate_between_ranks() -> None:
    assert responsive.percentile([], 75) is None
    assert responsive.percentile([7.0], 75) == 7.0
    assert responsive.percentile([4.0, 1.0, 3.0, 2.0], 75) == 3.25
    assert responsive.percentile([1.0, 2.0, 3.0], 50) == 2.0
    assert responsive.percentile([1.0, 2.0, 3.0], 100) == 3.0


def test_spreads_and_ratios_format_numbers() -> None:
    assert responsive.spread([3.0, 1.0, 2000.0]) == "3 (1-2,000)"
    assert responsive.spread([5.25], 1) == "5.2"
    assert responsive.spread([]) == "-"
    assert responsive.ratio([200.0, 300.0], [100.0]) == "2.50x"
    assert responsive.ratio([], [100.0]) == "-"
    assert responsive.paired([130.0, 150.0, None], [100.0, 100.0, 100.0]) == "1.40 (1.30-1.50)"


def visit(run: int, kind: str, moment: float, wait: float) -> dict[str, object]:
    return {"run": run, "visit": kind, "moment": moment, "usable": 200.0, "ready": 1300.0,
            "dealt": 1310.0, "longest": 605.0, "tasks": 4.0, "share_pct": 61.0,
            "clicked_at": 200.0 + moment * 1000, "wait": wait, "to_frame": wait + 16,
            "on_start": True, "longtask_api": True}


def test_the_report_shows_each_figure_against_the_floor() -> None:
    data = {
        "floors": [{"cold": {"ready": 1000.0, "longest": 400.0},
                    "warm": {"ready": 800.0, "longest": 300.0}}],
        "visits": [visit(0, "cold", 0, 12.0), visit(0, "warm", 0, 3.0),
                   visit(0, "cold", 0.5, 580.0), visit(0, "warm", 0.5, 90.0)],
        "interactions": {"pick": [[1.0, 20.0], [2.0, 30.0]], "hover": [],
                         "place": [[3.0, 40.0]]},
        "errors": [],
    }
    text = "\n".join(responsive.report(responsive.PROFILES["phone"], data))
    assert "CPU slowed 4x" in text and "360x740 touch" in text
    assert "1.51x" in text  # longest task 605 ms / the floor's 400 ms, cold
    assert "1.31 (1.31-1.31)" in text  # hand dealt 1,310 ms / floor 1,000 ms, cold
    assert "when usable" in text and "at 50% of usable to ready" in text
    assert "the longest wait, cold: 580 ms" in text
    assert "1.8 / 27.5" in text  # 75th percentiles: handler 1 and 2 ms, change 20 and 30
    assert "first tap on a legal square" in text


def test_the_floor_folder_serves_the_sites_own_vendor_files(tmp_path: Path) -> None:
    pyodide = tmp_path / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    (pyodide / "python_stdlib.zip").write_bytes(b"the site's packed one")
    with responsive.floor_dir(tmp_path) as floor:
        assert (floor / "vendor" / "pyodide" / "python_stdlib.zip").read_bytes() == \
            b"the site's packed one"
        assert "loadPyodide" in (floor / "floor.js").read_text()
        assert "./floor.js" in (floor / "index.html").read_text()
    assert not floor.exists()


def test_the_page_side_scripts_are_balanced_functions() -> None:
    for script in (responsive.PROBE_JS, responsive.START_READY_JS, responsive.ARM_JS,
                   responsive.CENTRE_JS, responsive.CLICK_SEEN_JS, responsive.CHANGE_SEEN_JS,
                   responsive.DEALT_JS):
        assert script.lstrip().startswith("(")
        assert script.count("(") == script.count(")")
        assert script.count("{") == script.count("}")
    assert '"longtask"' in responsive.PROBE_JS and "buffered: true" in responsive.PROBE_JS


def test_lighthouse_figures_are_read_from_its_report() -> None:
    report = {
        "categories": {"performance": {"score": 0.67}},
        "audits": {
            "total-blocking-time": {"numericValue": 3812.4},
            "max-potential-fid": {"numericValue": 1520.0},
            "largest-contentful-paint": {"numericValue": 2100.0},
            "long-tasks": {"details": {"items": [{"duration": 250.0}, {"duration": 1520.0},
                                                 {"url": "x"}]}},
        },
    }
    assert lighthouse.figures(report) == {"score": 67, "tbt": 3812.4, "fid": 1520.0,
                                          "longest": 1520.0, "lcp": 2100.0}
    assert lighthouse.figures({"audits": {"long-tasks": {}}})["longest"] == 0.0
    assert lighthouse.figures({})["score"] is None


def test_lighthouse_structure_names_the_lcp_element_and_the_main_threads_scripts() -> None:
    report = {"audits": {
        "metrics": {"details": {"items": [{"observedLargestContentfulPaint": 939.4,
                                           "observedFirstContentfulPaint": 939.4,
                                           "observedDomContentLoaded": 1174.0}]}},
        "largest-contentful-paint-element": {"details": {"items": [
            {"items": [{"node": {"selector": "main#app > section#setup > p.learn > small"}}]},
            {"items": [{"phase": "TTFB"}]}]}},
        "bootup-time": {"details": {"items": [
            {"url": "http://127.0.0.1:1/vendor/pyscript/core-X.js", "scripting": 209.4},
            {"url": "http://127.0.0.1:1/", "scripting": 22.0}]}},
        "total-byte-weight": {"numericValue": 4285922},
    }}
    lines = lighthouse.structure(report)
    assert lines[0] == ("    LCP element main#app > section#setup > p.learn > small, painted at "
                        "939 ms (first paint 939 ms, DOMContentLoaded 1,174 ms) in the run itself")
    assert lines[1].endswith("core-X.js 209, (document) 22")
    assert lines[2] == "    bytes sent 4,185 KB"
    assert lighthouse.structure({})[0].startswith("    LCP element -")


def test_lighthouse_table_and_command_line() -> None:
    runs = [{"score": 67, "tbt": 3800.0, "fid": 1500.0, "longest": 1500.0, "lcp": None},
            {"score": 70, "tbt": 3000.0, "fid": 2800.0, "longest": 2800.0, "lcp": None}]
    lines = lighthouse.table({("game", "mobile"): runs})
    assert "68 (67-70)" in lines[2] and "3,400 (3,000-3,800)" in lines[2]
    assert lines[2].rstrip().endswith("-")
    assert "--preset=desktop" in lighthouse.command("http://127.0.0.1:1/", "desktop")
    mobile = lighthouse.command("http://127.0.0.1:1/", "mobile")
    assert not any(a.startswith("--preset") for a in mobile)
    assert any("--headless" in a and "--no-sandbox" in a for a in mobile)


def test_the_lighthouse_runs_read_the_site_presets_and_reports_alike() -> None:
    """bench/lighthouse.py and bench/accessibility.py take ``--site``, ``--preset``
    (repeatable, of their own presets) and ``--reports`` the same way."""
    for run in (lighthouse, accessibility):
        args = run.arguments(["--preset", "desktop", "--reports", "out"])
        assert (args.site, args.preset, args.reports) == (lighthouse.SITE, ["desktop"],
                                                          Path("out"))
        assert run.arguments([]).preset is None
    assert lighthouse.arguments(["--page", "rules"]).page == ["rules"]
    assert accessibility.arguments(["--screen", "start"]).screen == ["start"]


def test_first_paint_says_where_the_lcp_is_against_python_ready() -> None:
    got: dict[str, Any] = {"fcp": 344.0, "usable": 470.0, "wasm": 376.0, "ready": 8048.0,
           "largest": [{"at": 344.0, "size": 20163.0, "element": "label < form#setup-form",
                        "kept": True}]}
    lines = first_paint.describe("desktop", 1, got)
    assert lines[0] == ("desktop visit 1: first contentful paint 344 ms, start screen usable "
                        "470 ms, wasm asked for at 376 ms, Python ready 8,048 ms")
    assert lines[1] == ("  LCP entry 344 ms, 20,163 px: label < form#setup-form, "
                        "still in the page at ready")
    assert lines[2] == "  the page's LCP is painted 7,704 ms before Python ready"
    late = dict(got, largest=[dict(got["largest"][0], at=9000.0, kept=False)])
    assert first_paint.describe("phone", 2, late)[-1].endswith("952 ms AFTER Python ready")
    assert "gone by ready" in first_paint.describe("phone", 2, late)[1]
