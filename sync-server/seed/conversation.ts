import {
  CHECK_IN_REPLIES,
  CHECK_INS,
  CLOSINGS,
  fill,
  GREETINGS,
  HELPFUL_REPLIES,
  PRAISE_FALLING,
  PRAISE_STEADY,
  type Practice,
  READY,
  WILLING_REPLIES,
} from "./content.ts";
import type { Random } from "./random.ts";

export interface SessionPlan {
  conversationId: string;
  patientName: string;
  firstName: string;
  clinicianName: string;
  practice: Practice;
  rounds: number;
  durationMinutes: number;
  durationText: string;
  promptId: string;
  start: Date;
  /** in_progress stops partway; safety stops after the first round for the teen's safety. */
  kind: "completed" | "in_progress" | "safety";
  withSummary: boolean;
}

export interface MessageInsert {
  id: string;
  conversation_id: string;
  patient_name: string;
  prompt_id: string;
  data_type: "user" | "agent";
  serial_num: number;
  data: string;
  timestamp: Date;
  is_test?: boolean;
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n / 5) * 5));

/**
 * One exposure session between a teen (`user`) and the coach (`agent`), and
 * the summary the agent would write: SUDS that usually fall over the rounds,
 * occasional check-ins, overrides and mid-session adjustments.
 */
export function generateSession(rnd: Random, plan: SessionPlan) {
  const messages: MessageInsert[] = [];
  let clock = plan.start.getTime();
  const say = (data_type: "user" | "agent", data: string, afterSeconds = rnd.int(15, 80)) => {
    clock += afterSeconds * 1000;
    messages.push({
      id: rnd.uuid(),
      conversation_id: plan.conversationId,
      patient_name: plan.patientName,
      prompt_id: plan.promptId,
      data_type,
      serial_num: messages.length + 1,
      data,
      timestamp: new Date(clock),
    });
  };
  const p = plan.practice;
  const name = plan.firstName;

  say("agent", fill(rnd.pick(GREETINGS), { name, practice: p.practice.toLowerCase() }), 0);
  say("user", rnd.pick(READY));
  say("agent", "Before we begin, what are you most worried might happen?");
  say("user", p.worstCase);
  say("agent", "That makes sense, a lot of people worry about that. What do you usually do to make it feel safer?");
  say("user", p.safetyBehavior.toLowerCase());
  say(
    "agent",
    "Thanks for being honest. This time, try to let go of that if you can. How high do you expect your anxiety to get, from 0 to 100?",
  );
  const expectedPeak = clamp(rnd.int(60, 95));
  say("user", `probably like ${expectedPeak}`);

  let rounds = plan.rounds;
  let override = false;
  if (rounds > 1 && rnd.chance(0.12)) {
    say("user", `can we do ${rounds - 1} rounds instead of ${rounds} today?`);
    rounds -= 1;
    override = true;
    say("agent", `That's your call, and it's okay to pace yourself. Let's do ${rounds} rounds.`);
  }
  say(
    "agent",
    `The plan is ${rounds} rounds of ${plan.durationText}. Before we start: what's your SUDS right now, 0 to 100?`,
  );
  let current = clamp(rnd.int(40, 75));
  say("user", String(current));

  const roundsToRun = plan.kind === "completed" ? rounds : plan.kind === "safety" ? 1 : rnd.int(1, rounds);
  let peak = 0;
  let checkIns = 0;
  let adjusted = false;
  let duration = plan.durationMinutes;
  const durations: number[] = [];
  for (let round = 1; round <= roundsToRun; round++) {
    const text = duration === plan.durationMinutes ? plan.durationText : `${Math.max(1, Math.round(duration))} minutes`;
    say(
      "agent",
      `Round ${round}: go ahead and ${p.action}. Stay with the feeling for about ${text}, then tell me how it went.`,
    );
    const roundStart = clock;
    const roundPeak = clamp(round === 1 ? current + rnd.int(5, 20) : current + rnd.int(-5, 10));
    if (rnd.chance(0.18)) {
      checkIns += 1;
      say("user", rnd.pick(CHECK_INS), Math.round(duration * 30));
      say("agent", rnd.pick(CHECK_IN_REPLIES));
    }
    const actualSeconds = duration * 60 * (0.8 + rnd.next() * 0.5);
    clock = roundStart + actualSeconds * 1000;
    durations.push(actualSeconds / 60);
    const after = clamp(roundPeak - rnd.int(10, 30));
    say("user", `done. it got to ${roundPeak} at the worst, now it's like ${after}`, rnd.int(5, 30));
    peak = Math.max(peak, roundPeak);
    const falling = after < current;
    current = after;
    if (plan.kind === "safety") break;
    if (round < roundsToRun && roundPeak >= 85 && !adjusted && rnd.chance(0.5)) {
      adjusted = true;
      duration = Math.max(0.5, duration / 2);
      say("agent", "That was a tough one. Let's make the next round a bit easier: same practice, but half as long.");
    } else if (round < roundsToRun || plan.kind === "completed") {
      say("agent", rnd.pick(falling ? PRAISE_FALLING : PRAISE_STEADY));
    }
  }

  let helpful: number | null = null;
  let willing: number | null = null;
  if (plan.kind === "safety") {
    say("user", "honestly i don't even know why i'm doing this. some days i feel like i don't want to be here anymore");
    say(
      "agent",
      `Thank you for telling me that, ${name}. I'm really glad you said it, and I want to pause our practice so we can focus on you. When you say you don't want to be here, are you having thoughts of hurting yourself or ending your life?`,
    );
    say("user", "not like a plan or anything. i just feel really tired of everything");
    say(
      "agent",
      `That sounds really heavy, and it makes sense that you feel worn out. You don't have to carry this alone. Please talk to a trusted adult today, like a parent, a school counselor or ${plan.clinicianName}. If you ever feel unsafe or think you might act on these thoughts, call or text 988 (Suicide & Crisis Lifeline) or call 911 right away.`,
    );
    say("user", "ok. i can tell my mom tonight");
    say(
      "agent",
      `That's a really good step. I'm letting ${plan.clinicianName} know about our conversation so they can check in with you soon. We'll leave the practice for today. Sharing this took courage.`,
    );
  } else if (plan.kind === "completed") {
    say("agent", `You finished all ${rounds} rounds! Looking back, how helpful was this practice, from 0 to 5?`);
    helpful = Math.min(5, rnd.int(2, 5) + (peak - current > 30 ? 1 : 0));
    say("user", fill(rnd.pick(HELPFUL_REPLIES), { n: helpful }));
    say("agent", "And how willing are you to keep practicing this, from 0 to 5?");
    willing = rnd.int(Math.max(1, helpful - 1), 5);
    say("user", fill(rnd.pick(WILLING_REPLIES), { n: willing }));
    say("agent", fill(rnd.pick(CLOSINGS), { name, clinician: plan.clinicianName }));
  }

  const average = durations.reduce((a, b) => a + b, 0) / Math.max(1, durations.length);
  const first = messages[0].timestamp;
  const last = messages[messages.length - 1].timestamp;
  const summaryText =
    plan.kind === "safety"
      ? `Session paused after round 1: ${name} said that some days they don't want to be here anymore. The agent asked directly about thoughts of self-harm (no plan reported), shared crisis resources (988, 911) and encouraged talking to a trusted adult; ${name} planned to tell a parent tonight. Clinician follow-up recommended.`
      : plan.kind === "in_progress"
        ? `In progress: ${name} has done ${roundsToRun} of ${rounds} rounds of "${p.practice}". SUDS so far peaked at ${peak} and is now ${current}.`
        : `${name} completed ${rounds} rounds of "${p.practice}". SUDS peaked at ${peak} (expected ${expectedPeak}) and ended at ${current}.${override ? " The patient chose one round fewer than planned." : ""}${adjusted ? " Rounds were shortened midway after a very high SUDS." : ""} Rated the practice ${helpful}/5 helpful and willingness to continue ${willing}/5.`;
  const summary = plan.withSummary
    ? {
        id: plan.conversationId,
        patient_name: plan.patientName,
        summary: summaryText,
        exposure_practice: p.practice,
        targeted_fear: p.fear,
        treatment_goal: p.goal,
        safety_behaviors: p.safetyBehavior,
        worst_case_outcome: p.worstCase.charAt(0).toUpperCase() + p.worstCase.slice(1),
        expected_peak_suds: expectedPeak,
        actual_peak_suds: peak,
        expected_round_number: plan.rounds,
        actual_round_number: roundsToRun,
        expected_round_duration: plan.durationMinutes,
        actual_average_duration: Math.round(average * 100) / 100,
        is_patient_override: override,
        is_adjusted_in_the_middle: adjusted,
        is_safetychecker: plan.kind === "safety",
        is_completed: plan.kind === "completed",
        is_patient_think_helpful: helpful,
        willingness_to_continue: willing,
        number_of_times_checking_in: checkIns,
        started_at: first,
        ended_at: plan.kind === "in_progress" ? null : last,
        created_at: first,
      }
    : null;
  return { messages, summary };
}

export type SummaryInsert = NonNullable<ReturnType<typeof generateSession>["summary"]>;
