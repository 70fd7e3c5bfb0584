-- A first sync sends conversations newest first, paging by (timestamp, id) descending; this
-- index serves that keyset scan (the timestamp-only one cannot order ties by id).
CREATE INDEX IF NOT EXISTS messages_newest_first ON conversation_messages (timestamp DESC, id DESC);
