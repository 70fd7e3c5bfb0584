import * as v from "valibot";

/** What a user opened; each is a read of one patient's data (issue 15: reads are audited). */
const VIEWED_RECORDS = ["chat_history", "conversation", "summary", "homework"] as const;
export type ViewedRecord = (typeof VIEWED_RECORDS)[number];

/** The most views one request carries; a device sends a longer queue in several. */
export const VIEWS_PER_REQUEST = 100;

export const recordViewMessages = {
  notAnObject: "The request body must be a JSON object",
  views: `views must be a list of 1 to ${VIEWS_PER_REQUEST} record views`,
  id: "Each view needs an id of 1 to 100 characters",
  patient: "Each view needs the patient's username",
  what: `what must be one of ${VIEWED_RECORDS.join(", ")}`,
  target: "target_id must be at most 200 characters",
  time: "viewed_at and sent_at must be ISO date-times",
  device: "device_id must be at most 100 characters",
} as const;
const m = recordViewMessages;

const isoTime = v.pipe(
  v.string(m.time),
  v.isoTimestamp(m.time),
  v.check((s) => !Number.isNaN(Date.parse(s)), m.time),
);

/** One opening of a patient's data, as the device recorded it (its own time and id). */
const RecordView = v.object({
  /** Made on the device: the same view sent again is stored once. */
  id: v.pipe(v.string(m.id), v.minLength(1, m.id), v.maxLength(100, m.id)),
  patient_name: v.pipe(v.string(m.patient), v.minLength(1, m.patient), v.maxLength(200, m.patient)),
  what: v.picklist(VIEWED_RECORDS, m.what),
  /** The conversation, summary or homework opened; none for a patient's Chat History. */
  target_id: v.optional(v.nullable(v.pipe(v.string(m.target), v.maxLength(200, m.target)))),
  viewed_at: isoTime,
  device_id: v.optional(v.nullable(v.pipe(v.string(m.device), v.maxLength(100, m.device)))),
});

/**
 * Body of POST /api/activity/views. `sent_at` is the device's clock when it sent the batch: the server
 * dates each view by how long before sending it happened, so a device clock that is off does not move it.
 */
export const RecordViewsBody = v.object(
  {
    views: v.pipe(v.array(RecordView, m.views), v.minLength(1, m.views), v.maxLength(VIEWS_PER_REQUEST, m.views)),
    sent_at: v.optional(isoTime),
  },
  m.notAnObject,
);
export type RecordViewsBody = v.InferOutput<typeof RecordViewsBody>;
