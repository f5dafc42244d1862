"""Where the test suite's CPU goes: a pytest plugin that writes, for each process of a
run (the xdist controller and each worker), its own CPU and its children's, the CPU up
to the end of collection, each test's CPU (setup, call and teardown, with the
subprocesses it waited for) and the cycle collector's CPU by generation; then a report
over those files.

    PYTHONPATH=benchmarks SUITE_CPU_DIR=/tmp/suite-cpu nice -n 10 /usr/bin/time -v \\
        .venv/bin/python -m pytest -q -n 2 -p no:cacheprovider -p suite_cpu
    .venv/bin/python benchmarks/suite_cpu.py /tmp/suite-cpu [--top 30]

``/usr/bin/time -v`` gives the whole run's CPU (user + system) to compare with the sum.
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
_tests: dict[str, tuple[float, float]] = {}  # test id: (own CPU, its subprocesses' CPU)
_marks: dict[str, float] = {}
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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    cpu, children = time.process_time(), _children()
    try:
        return (yield)
    finally:
        _tests[item.nodeid] = (time.process_time() - cpu, _children() - children)


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
    }
    (OUT / f"{name}-{os.getpid()}.json").write_text(json.dumps(record))


def report(folder: Path, top: int) -> None:
    by_file: collections.Counter[str] = collections.Counter()
    every: list[tuple[float, str]] = []
    for path in sorted(folder.glob("*.json")):
        run = json.loads(path.read_text())
        tests = run["tests"]
        own = sum(cpu for cpu, _ in tests.values())
        waited = sum(sub for _, sub in tests.values())
        collected = run["marks"].get("collected", 0.0)
        collector = " / ".join(f"{s:.1f}" for s in run["gc"]["seconds"])
        print(
            f"{path.stem}: own {run['own']:.1f} s, children {run['children']:.1f} s; "
            f"to the end of collection {collected:.1f} s; {len(tests)} tests {own:.1f} s "
            f"and their subprocesses {waited:.1f} s; collector by generation {collector} s"
        )
        for test, (cpu, sub) in tests.items():
            by_file[test.split("::")[0]] += cpu + sub
            every.append((cpu + sub, test))
    print(f"\nall tests: {sum(by_file.values()):.1f} s; the costliest files:")
    for file, cpu in by_file.most_common(top):
        print(f"  {cpu:6.1f}  {file}")
    print("the costliest tests:")
    for cpu, test in sorted(every, reverse=True)[:top]:
        print(f"  {cpu:6.2f}  {test}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    report(args.folder, args.top)


if __name__ == "__main__":
    main()
