-- Rate-limit counters are written on every counted request and worth nothing after a crash (a window
-- starts again): no write-ahead log for them, so a counted request does not wait for a disk flush.
ALTER TABLE "rate_limits" SET UNLOGGED;
