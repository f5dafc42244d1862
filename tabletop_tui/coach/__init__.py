"""The coach in the app: the hint key and panel, the records database and screen, the
review screen. The analysis itself is ``rules.coach``; this package draws it, runs it
in worker threads and keeps what it found."""
