-- The summary list is newest first, and pages of it (limit/offset) walk this index.
CREATE INDEX summaries_created ON conversation_summaries (created_at DESC, id);
