"""bench/motion_trace.py's reading of a trace, from made-up events (the bench itself
traces Chromium: bench/README.md): the display frames presented and dropped during the
motion (motion.js's layers' animations only), and the frame that answers the click."""

from __future__ import annotations

from typing import Any

from bench import motion_trace

MAIN = (1, 10)
VIZ = (1, 20)
THREADS = {MAIN: "CrRendererMain", VIZ: "VizCompositorThread"}


def reporter(ms: float, seq: int, state: str) -> dict[str, Any]:
    return {"name": "PipelineReporter", "ph": "b", "ts": ms * 1000, "pid": 1, "tid": 30,
            "args": {"frame_reporter": {"frame_sequence": seq, "state": state}}}


def animation(ms: float, ph: str, ident: str, node: str = "") -> dict[str, Any]:
    return {"name": "Animation", "ph": ph, "ts": ms * 1000, "id2": {"local": ident},
            "args": {"data": {"nodeName": node}} if ph == "b" else {}}


def test_the_motions_frames_are_its_vsyncs_presented_and_dropped() -> None:
    events = [animation(100, "b", "0x1", "svg class='qin-board motion-layer'"),
              animation(300, "e", "0x1"),
              animation(50, "b", "0x9", "div class='status busy'"),  # the page's own
              animation(900, "e", "0x9")]
    for n in range(30):  # a vsync every 16.7 ms from the click
        ms = n * 1000 / 60
        # the motion's first frame dropped; its other frames presented (a frame may
        # have two reports: presented wins)
        state = "STATE_DROPPED" if 100 <= ms < 110 else "STATE_PRESENTED_ALL"
        events.append(reporter(ms, n, state))
        events.append(reporter(ms, n, "STATE_NO_UPDATE_DESIRED"))
    found = motion_trace.display_frames(events, 0, 1200)
    motion = found["motion"]
    assert motion["ms"] == 200 and motion["start"] == 100
    assert (motion["presented"], motion["dropped"]) == (12, 1)  # 13 vsyncs in 200 ms
    assert motion["fps"] == 60.0
    assert (found["presented"], found["dropped"]) == (29, 1)


def test_no_motion_layer_no_motion_span() -> None:
    events = [animation(50, "b", "0x9", "div"), animation(900, "e", "0x9"),
              reporter(10, 1, "STATE_NO_UPDATE_DESIRED")]
    found = motion_trace.display_frames(events, 0, 1200)
    assert found["motion"] is None
    assert (found["presented"], found["dropped"]) == (0, 0)


def test_the_answers_frame_is_the_first_commit_after_the_page_changed() -> None:
    def x(name: str, ms: float, dur: float, thread: tuple[int, int],
          **args: Any) -> dict[str, Any]:
        return {"name": name, "ph": "X", "ts": ms * 1000, "dur": dur * 1000,
                "pid": thread[0], "tid": thread[1], "args": args}

    events = [
        x("Commit", 20, 1, MAIN),  # an idle frame before the reply
        {"name": "qin-changed", "ph": "R", "ts": 60_000, "pid": 1, "tid": 10},
        x("UpdateLayoutTree", 62, 40, MAIN, elementCount=980),
        x("Layout", 110, 5, MAIN, beginData={"dirtyObjects": 50}),
        x("Paint", 120, 8, MAIN),
        x("Commit", 130, 2, MAIN),
        x("Display::DrawAndSwap", 140, 3, VIZ),
        x("Layout", 150, 5, MAIN, beginData={"dirtyObjects": 30}),  # the next frame's
    ]
    found = motion_trace.answer(events, THREADS, 0)
    assert found is not None
    assert found["committed"] == 132 and found["drawn"] == 140
    assert (found["styles"], found["styled"], found["layouts"], found["laid"]) == (1, 980, 1, 50)
    assert found["paint_ms"] == 8


def test_an_animation_id_used_again_counts_only_the_motion_layers_own_span() -> None:
    # Chrome reuses an animation's trace id once it is gone: the cover's button's hover
    # transition, then the motion's layer, under the same id
    events = [animation(600, "b", "0x38", "BUTTON id='cover-ok' class='primary'"),
              animation(800, "e", "0x38"),
              animation(1000, "b", "0x38", "svg class='qin-board motion-layer'"),
              animation(1250, "e", "0x38")]
    found = motion_trace.display_frames(events, 0, 1500)
    assert found["motion"] is not None
    assert (found["motion"]["start"], found["motion"]["ms"]) == (1000, 250)


def test_the_answers_cpu_time_is_the_main_threads_tasks_thread_time() -> None:
    def task(ms: float, dur: float, cpu: float, thread: tuple[int, int] = MAIN) -> dict[str, Any]:
        return {"name": "ThreadControllerImpl::RunTask", "ph": "X", "ts": ms * 1000,
                "dur": dur * 1000, "tdur": cpu * 1000, "pid": thread[0], "tid": thread[1]}

    events = [
        task(-1, 30, 12),  # the click's task
        task(40, 5, 3),  # a frame while the worker answers
        {"name": "qin-changed", "ph": "R", "ts": 80_000, "pid": 1, "tid": 10},
        task(60, 70, 25),  # the reply applied: waited 45 ms for the CPU
        {"name": "Commit", "ph": "X", "ts": 130_000, "dur": 2000, "pid": 1, "tid": 10},
        task(140, 10, 4),  # after the answer's commit
        task(50, 10, 9, VIZ),  # another thread's
    ]
    found = motion_trace.answer(events, THREADS, 0)
    assert found is not None
    assert found["cpu_ms"] == 37


def test_the_motion_is_the_first_moves_not_the_computers_answer_after_it() -> None:
    layer = "svg class='qin-board motion-layer'"
    events = [animation(100, "b", "0x1", layer), animation(100, "b", "0x2", layer),
              animation(320, "e", "0x1"), animation(400, "e", "0x2"),
              animation(700, "b", "0x1", layer), animation(1100, "e", "0x1")]
    found = motion_trace.display_frames(events, 0, 1500)
    assert found["motion"] is not None
    assert (found["motion"]["start"], found["motion"]["ms"]) == (100, 300)
