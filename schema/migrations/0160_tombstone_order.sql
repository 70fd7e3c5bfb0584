-- Tombstones are paged in the order they were written, (txid, seq), instead of (txid, table_name,
-- row_id): a bulk delete's tombstones then go at the right edge of a narrow index, where before each
-- went to a random leaf of a wide one (row ids are random), most of delete_user_data's time at scale
-- 100 (`npm run bench -- bulk-delete`). The cache only makes a bulk delete take its numbers in runs;
-- the gaps it leaves mean nothing.
ALTER TABLE sync_removed ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY (CACHE 1000);
DROP INDEX sync_removed_sync;
CREATE INDEX sync_removed_sync ON sync_removed (txid, seq);
