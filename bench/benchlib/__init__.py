"""bench/run's package: build, execute, parse, tables, targets, report (bench/README.md)."""
