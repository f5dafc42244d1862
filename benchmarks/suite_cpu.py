"""Where the test suite's CPU goes: a pytest plugin that writes, for each process of a
run (the xdist controller and each worker), its own CPU and its children's, the CPU up
to the end of collection, each test's CPU (setup, call and teardown, with the
subprocesses it waited for) and time asleep, and the cycle collector's CPU by
generation; then a report over those files.

    PYTHONPATH=benchmarks SUITE_CPU_DIR=/tmp/suite-cpu nice -n 10 /usr/bin/time -v \\
        .venv/bin/python -m pytest -q -n 2 -p no:cacheprovider -p suite_cpu
    .venv/bin/python benchmarks/suite_cpu.py /tmp/suite-cpu [--top 30] [--workers 3 5]

``/usr/bin/time -v`` gives the whole run's CPU (user + system) to compare with the sum.

A test's time asleep is its wall time less the time its thread ran or waited for a core
(Linux's /proc/thread-self/schedstat) and its subprocesses' CPU: what no load on the
machine changes, as a Pilot test's idle waits. ``--workers`` plays the run's tests on a
quiet two-core machine with that many xdist workers, under the ``load`` and
``worksteal`` schedulers: each test as its CPU in short bursts between its sleeps, the
cores shared evenly among the workers that want one, each worker first collecting.
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import os
import resource
import time
from collections.abc import Generator
from pathlib import Path

import pytest

OUT = Path(os.environ.get("SUITE_CPU_DIR", "suite-cpu"))
# test id: (own CPU, its subprocesses' CPU, asleep; None where Linux's schedstat is not)
_tests: dict[str, tuple[float, float, float | None]] = {}
SCHEDSTAT = Path("/proc/thread-self/schedstat")
_marks: dict[str, float] = {}
_order: list[str] = []  # the tests as collected, the order xdist sends them in
_gc_started = [0.0]  # when the collection now running started (CPU)
_gc_seconds = [0.0, 0.0, 0.0]  # the collector's CPU by generation
_gc_runs = [0, 0, 0]


def _children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _collector(phase: str, info: dict) -> None:
    if phase == "start":
        _gc_started[0] = time.process_time()
    else:
        generation = info["generation"]
        _gc_seconds[generation] += time.process_time() - _gc_started[0]
        _gc_runs[generation] += 1


def pytest_configure(config: pytest.Config) -> None:
    _marks["configured"] = time.process_time()
    gc.callbacks.append(_collector)


def pytest_collection_finish(session: pytest.Session) -> None:
    _marks["collected"] = time.process_time()
    _order.extend(item.nodeid for item in session.items)


def _ran_or_waited() -> float | None:
    """This thread's time on a core and waiting for one (seconds), where Linux tells."""
    try:
        on_core, waiting, _ = SCHEDSTAT.read_text().split()
    except OSError:
        return None
    return (int(on_core) + int(waiting)) / 1e9


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    cpu, children, wall, ran = time.process_time(), _children(), time.time(), _ran_or_waited()
    try:
        return (yield)
    finally:
        sub = _children() - children
        ran_after = _ran_or_waited()
        asleep = None
        if ran is not None and ran_after is not None:
            asleep = max(0.0, time.time() - wall - (ran_after - ran) - sub)
        _tests[item.nodeid] = (time.process_time() - cpu, sub, asleep)


def pytest_unconfigure(config: pytest.Config) -> None:
    own = resource.getrusage(resource.RUSAGE_SELF)
    name = os.environ.get("PYTEST_XDIST_WORKER", "controller")
    OUT.mkdir(parents=True, exist_ok=True)
    record = {
        "own": own.ru_utime + own.ru_stime,
        "children": _children(),
        "marks": _marks,
        "gc": {"seconds": _gc_seconds, "runs": _gc_runs},
        "tests": _tests,
        "order": _order,
    }
    (OUT / f"{name}-{os.getpid()}.json").write_text(json.dumps(record))


def report(folder: Path, top: int, order: list[str]) -> dict[str, tuple[float, float]]:
    """Print where the CPU went; return each test's CPU (with its subprocesses') and
    time asleep (0 where not counted), and put the tests as collected in ``order``."""
    by_file: collections.Counter[str] = collections.Counter()
    every: list[tuple[float, str]] = []
    measured: dict[str, tuple[float, float]] = {}
    for path in sorted(folder.glob("*.json")):
        run = json.loads(path.read_text())
        order[:] = run.get("order") or order
        tests = run["tests"]
        own = sum(cpu for cpu, *_ in tests.values())
        waited = sum(sub for _, sub, *_ in tests.values())
        collected = run["marks"].get("collected", 0.0)
        collector = " / ".join(f"{s:.1f}" for s in run["gc"]["seconds"])
        print(
            f"{path.stem}: own {run['own']:.1f} s, children {run['children']:.1f} s; "
            f"to the end of collection {collected:.1f} s; {len(tests)} tests {own:.1f} s "
            f"and their subprocesses {waited:.1f} s; collector by generation {collector} s"
        )
        for test, (cpu, sub, *asleep) in tests.items():
            by_file[test.split("::")[0]] += cpu + sub
            every.append((cpu + sub, test))
            measured[test] = (cpu + sub, (asleep or [None])[0] or 0.0)
    print(f"\nall tests: {sum(by_file.values()):.1f} s; the costliest files:")
    for file, cpu in by_file.most_common(top):
        print(f"  {cpu:6.1f}  {file}")
    print("the costliest tests:")
    for cpu, test in sorted(every, reverse=True)[:top]:
        print(f"  {cpu:6.2f}  {test}")
    asleep = sorted(((sleep, test) for test, (_, sleep) in measured.items()), reverse=True)
    print(f"asleep in all: {sum(sleep for sleep, _ in asleep):.1f} s; the longest:")
    for sleep, test in asleep[:top]:
        print(f"  {sleep:6.2f}  {test}")
    return measured


BURST = 0.03  # a Pilot test's rhythm: a burst of CPU, then an idle wait of about this
STEP = 0.01  # the model's clock


class Worker:
    """An xdist worker in the model: its queue of test indices and the test it runs,
    as the CPU left in this burst, the sleep after it and the bursts still to come."""

    def __init__(self, collect: float) -> None:
        self.queue: collections.deque[int] = collections.deque()
        self.burst = (collect, 0.0)  # collection first: all CPU
        self.cpu_left, self.sleep_left, self.bursts_left = collect, 0.0, 1
        self.started = 0.0  # when the test running started (load reports its length)
        self.done = False

    def begin(self, cpu: float, asleep: float, now: float) -> None:
        bursts = max(1, round(asleep / BURST))
        self.burst = (cpu / bursts, asleep / bursts)
        self.cpu_left, self.sleep_left = self.burst
        self.bursts_left, self.started = bursts, now

    def advance(self, share: float) -> bool:
        """One step of the clock at this share of a core; whether the test ended."""
        if self.cpu_left > 0:
            self.cpu_left -= share * STEP
            return False
        self.sleep_left -= STEP
        if self.sleep_left > 0:
            return False
        self.bursts_left -= 1
        if self.bursts_left:
            self.cpu_left, self.sleep_left = self.burst
        return not self.bursts_left


def model(costs: list[tuple[float, float]], workers: int, dist: str, collect: float) -> float:
    """The wall time of the run on a quiet machine with two cores (the ``load`` scheduler
    as pytest-xdist 3.8 sends tests; ``worksteal`` as it splits and steals them)."""
    pending = collections.deque(range(len(costs)))
    pool = [Worker(collect) for _ in range(workers)]

    def send(worker: Worker, count: int) -> None:
        for _ in range(min(count, len(pending))):
            worker.queue.append(pending.popleft())

    def refill(worker: Worker, length: float) -> None:  # xdist's LoadScheduling.check_schedule
        least = max(2, len(pending) // workers // 4)
        if len(worker.queue) >= least or (length >= 0.1 and len(worker.queue) >= 2):
            return
        send(worker, max(2, len(pending) // workers // 2) - len(worker.queue))

    for index, worker in enumerate(pool):
        if dist == "load":
            send(worker, max(2, len(costs) // workers // 4))
        else:
            send(worker, len(costs) // workers + (index < len(costs) % workers))
    now = 0.0
    while not all(worker.done for worker in pool):
        wanting = sum(1 for w in pool if not w.done and w.cpu_left > 0)
        share = min(1.0, 2.0 / wanting) if wanting else 0.0
        for worker in pool:
            if worker.done or not worker.advance(share):
                continue
            if dist == "load":
                refill(worker, now - worker.started)
            elif not worker.queue:  # steal the back half of the longest queue
                fullest = max(pool, key=lambda w: len(w.queue))
                for _ in range(len(fullest.queue) // 2):
                    worker.queue.appendleft(fullest.queue.pop())
            if worker.queue:
                worker.begin(*costs[worker.queue.popleft()], now)
            else:
                worker.done = True
        now += STEP
    return now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--workers", type=int, nargs="*", default=[], help="model these -n")
    parser.add_argument("--collect", type=float, default=5.3, help="CPU a worker collects in")
    args = parser.parse_args()
    order: list[str] = []
    measured = report(args.folder, args.top, order)
    costs = [measured[test] for test in order or sorted(measured) if test in measured]
    for workers in args.workers:
        for dist in ("load", "worksteal"):
            wall = model(costs, workers, dist, args.collect)
            print(f"modelled, quiet two cores: -n {workers} --dist {dist}: {wall:.0f} s")


if __name__ == "__main__":
    main()
