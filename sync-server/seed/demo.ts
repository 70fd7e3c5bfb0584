import { HOMEWORK_FREQUENCIES } from "../../schema/constants.ts";
import { hashPassword } from "../auth/password.ts";
import type { Config } from "../config.ts";
import type { Sql } from "../db/connect.ts";
import { FIRST_NAMES, LAST_NAMES, PRACTICES, PROMPTS, type Practice } from "./content.ts";
import { generateSession, type MessageInsert, type SummaryInsert } from "./conversation.ts";
import { Random } from "./random.ts";

export interface SeedOptions {
  /** Times are laid out before the start of this day (UTC), so a seed run on the same day gives identical data. */
  now?: Date;
}

const DAY = 86_400_000;
const CLINICIAN_PASSWORD = "demo-clinician";
const ADMIN_PASSWORD = "demo-admin";
const USERS = [
  { username: "dr.rivera@stepwise.local", first_name: "Elena", last_name: "Rivera", role: "clinician" },
  { username: "dr.chen@stepwise.local", first_name: "Marcus", last_name: "Chen", role: "clinician" },
  { username: "demo.admin@stepwise.local", first_name: "Demo", last_name: "Admin", role: "admin" },
] as const;
/** Other patients per unit of scale: scale 100 gives about a million messages. */
const PATIENTS_PER_SCALE = 10;
/** Distinct names for generated patients; a bounded set keeps the password hashing of large seeds short. */
const NAME_POOL = 60;
const PATIENT_BATCH = 2000;
const PARAMETERS_PER_BATCH = 32_000;

type Gender = keyof typeof FIRST_NAMES;
interface PatientSeed {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  age: number;
  gender: Gender;
  clinician: number;
  start: Date;
}

/**
 * Seeds the demo clinic: two clinicians and a demo admin, the two sample
 * patients and more teens, their homework, conversations with the coach,
 * summaries and the prompts (one current, one test). Deterministic: the same
 * generator seed and day give the same rows. Returns the lines to print.
 */
export async function seedDemo(sql: Sql, config: Config, scale = 1, options: SeedOptions = {}): Promise<string[]> {
  const [existing] = await sql`SELECT 1 FROM user_clinician WHERE lower(username) = ${USERS[0].username}`;
  if (existing) throw new Error(`This database already holds the demo clinic (${USERS[0].username} exists).`);
  const units = Math.max(1, Math.round(scale));
  const reference = Math.floor((options.now ?? new Date()).getTime() / DAY) * DAY;
  const rnd = new Random(20_240_917);

  const clinicianIds = USERS.map(() => rnd.uuid());
  const patients = planPatients(rnd, config, units, reference);
  const passwords = new Set([CLINICIAN_PASSWORD, ADMIN_PASSWORD, ...patients.map((p) => p.first_name + p.last_name)]);
  const hashes = new Map(await Promise.all([...passwords].map(async (pw) => [pw, await hashPassword(pw)] as const)));
  const prompts = PROMPTS.map((p, i) => {
    const created = new Date(reference - [400, 300, 170, 25][i] * DAY + (10 + i) * 3_600_000);
    return { id: `prompt-${created.getTime()}`, ...p, created_at: created, is_current: i === 2, is_test: i === 3 };
  });
  const [, , current, test] = prompts;
  const counts = { patients: patients.length, homework: 0, conversations: 0, messages: 0, summaries: 0 };

  await sql.begin(async (tx) => {
    await tx`INSERT INTO user_clinician ${tx(
      USERS.map((u, i) => ({
        id: clinicianIds[i],
        ...u,
        password: hashes.get(u.role === "admin" ? ADMIN_PASSWORD : CLINICIAN_PASSWORD),
        created_at: new Date(reference - 420 * DAY),
      })),
    )}`;
    await tx`INSERT INTO prompts ${tx(prompts)}`;
    for (let i = 0; i < patients.length; i += PATIENT_BATCH) {
      const rows = patients.slice(i, i + PATIENT_BATCH).map(({ clinician, start, ...p }) => ({
        ...p,
        password: hashes.get(p.first_name + p.last_name),
        clinician_id: clinicianIds[clinician],
        created_at: start,
      }));
      await tx`INSERT INTO patients ${tx(rows)}`;
    }

    const messages: MessageInsert[] = [];
    const summaries: SummaryInsert[] = [];
    const homework: Record<string, unknown>[] = [];
    // Rows wait in buffers and go in as multi-row INSERTs, each under PostgreSQL's 65,535 parameters.
    const buffers = { homework, conversation_messages: messages, conversation_summaries: summaries };
    const flush = async (all = false) => {
      for (const [table, rows] of Object.entries(buffers) as [string, Record<string, unknown>[]][]) {
        if (!rows.length) continue;
        const size = Math.floor(PARAMETERS_PER_BATCH / Object.keys(rows[0]).length);
        while (rows.length >= size || (all && rows.length)) {
          await tx`INSERT INTO ${tx(table)} ${tx(rows.splice(0, size))}`;
        }
      }
    };

    for (const [index, patient] of patients.entries()) {
      const clinicianName = `Dr. ${USERS[patient.clinician].last_name}`;
      const plans = planHomework(rnd, patient, reference);
      for (const plan of plans) {
        homework.push({
          id: plan.id,
          patient_name: patient.username,
          clinician_id: clinicianIds[patient.clinician],
          fear: plan.practice.fear,
          exposure_practice: plan.practice.practice,
          frequency: plan.frequency,
          round_number: plan.rounds,
          round_duration: plan.durationText,
          safety_behavior: plan.practice.safetyBehavior,
          created_at: plan.created,
        });
      }
      counts.homework += plans.length;

      // After school or in the evening, on days between the patient's first visit and yesterday.
      const sessions = rnd.int(28, 46);
      const firstDay = Math.floor(patient.start.getTime() / DAY) + 1;
      const days = Array.from({ length: sessions }, () => rnd.int(firstDay, reference / DAY - 1)).sort((a, b) => a - b);
      for (const [n, day] of days.entries()) {
        const start = new Date(day * DAY + rnd.int(15 * 60, 21 * 60) * 60_000);
        const active = plans.filter((h) => h.created.getTime() <= start.getTime());
        const homeworkPlan = rnd.pick(active.length ? active : plans);
        const isLast = n === sessions - 1;
        const kind =
          (index === 4 && n === 5) || rnd.chance(0.006)
            ? "safety"
            : (isLast && rnd.chance(0.35)) || rnd.chance(0.02)
              ? "in_progress"
              : "completed";
        const session = generateSession(rnd, {
          conversationId: rnd.uuid(),
          patientName: patient.username,
          firstName: patient.first_name,
          clinicianName,
          practice: homeworkPlan.practice,
          rounds: homeworkPlan.rounds,
          durationMinutes: homeworkPlan.durationMinutes,
          durationText: homeworkPlan.durationText,
          promptId: start >= test.created_at && rnd.chance(0.3) ? test.id : current.id,
          start,
          kind,
          withSummary: kind === "safety" || rnd.chance(kind === "in_progress" ? 0.7 : 0.9),
        });
        // Stamped as the agent's intake stamps them (0080): the test prompt's messages are test data.
        messages.push(...session.messages.map((m) => ({ ...m, is_test: m.prompt_id === test.id })));
        counts.conversations += 1;
        counts.messages += session.messages.length;
        if (session.summary) {
          summaries.push(session.summary);
          counts.summaries += 1;
        }
        await flush();
      }
    }
    await flush(true);
  });
  await sql`ANALYZE`;

  const [rivera, chen, admin] = USERS;
  return [
    `Demo clinic seeded: ${counts.patients} patients, ${counts.homework} homework assignments, ${counts.conversations} conversations (${counts.messages} messages), ${counts.summaries} summaries, ${prompts.length} prompts.`,
    `Demo clinicians: ${rivera.username} and ${chen.username}, password ${CLINICIAN_PASSWORD}`,
    `Demo admin: ${admin.username}, password ${ADMIN_PASSWORD}`,
  ];
}

/** The two sample patients, then ten teens per unit of scale, split between the two clinicians. */
function planPatients(rnd: Random, config: Config, units: number, reference: number): PatientSeed[] {
  const startOf = () => new Date(reference - rnd.int(45, 150) * DAY + rnd.int(9, 17) * 3_600_000);
  const [sample1, sample2] = config.samplePatients;
  const samples: PatientSeed[] = [
    {
      id: rnd.uuid(),
      username: sample1,
      first_name: "Sam",
      last_name: "Sample",
      age: 15,
      gender: "male",
      clinician: 0,
      start: startOf(),
    },
    {
      id: rnd.uuid(),
      username: sample2,
      first_name: "Alex",
      last_name: "Sample",
      age: 17,
      gender: "female",
      clinician: 1,
      start: startOf(),
    },
  ];

  const genders: Gender[] = ["female", "male", "female", "male", "prefer_not_to_say"];
  const pool = Array.from({ length: NAME_POOL }, (_, i) => {
    const gender = genders[i % genders.length];
    return { gender, first_name: rnd.pick(FIRST_NAMES[gender]), last_name: rnd.pick(LAST_NAMES) };
  });
  const taken = new Map<string, number>(samples.map((s) => [s.username, 1]));
  const others: PatientSeed[] = [];
  for (let i = 0; i < units * PATIENTS_PER_SCALE; i++) {
    const name = i < NAME_POOL ? pool[i] : rnd.pick(pool);
    const base = `${name.first_name}${name.last_name}`.toLowerCase();
    const seen = (taken.get(base) ?? 0) + 1;
    taken.set(base, seen);
    others.push({
      ...name,
      id: rnd.uuid(),
      username: seen === 1 ? base : `${base}${seen}`,
      age: rnd.int(12, 19),
      clinician: i % 2,
      start: startOf(),
    });
  }
  return [...samples, ...others];
}

/** Two to four rungs of the teen's exposure ladder, one added every two weeks or so. */
function planHomework(rnd: Random, patient: PatientSeed, reference: number) {
  const count = rnd.int(2, 4);
  const first = rnd.int(0, PRACTICES.length - 1);
  return Array.from({ length: count }, (_, k) => {
    const practice: Practice = PRACTICES[(first + k * 3) % PRACTICES.length];
    const [amount, unit] = practice.duration;
    const value = unit === "minutes" ? Math.max(1, amount + rnd.int(-1, 2)) : amount;
    const created = Math.min(patient.start.getTime() + k * rnd.int(10, 18) * DAY, reference - 2 * DAY);
    return {
      id: rnd.uuid(),
      practice,
      frequency: rnd.pick(HOMEWORK_FREQUENCIES.slice(1, 6)),
      rounds: rnd.int(2, 5),
      durationText: `${value} ${unit}`,
      durationMinutes: unit === "minutes" ? value : value / 60,
      created: new Date(created),
    };
  });
}
