/** The landing page's words, kept apart from its layout so they are easy to revise. */
export const HOW_IT_WORKS = [
  {
    title: "The clinician sets the step",
    text: "In session, you and your patient agree on an exposure: the fear it targets, how often to practise, how many rounds and for how long. Stepwise keeps it as a homework assignment.",
  },
  {
    title: "The coach stays with them",
    text: "Between sessions, the AI coach walks your patient through each practice by voice or chat: it asks how anxious they expect to feel, stays with them through the rounds, and notices safety behaviours without judging them.",
  },
  {
    title: "You see what happened",
    text: "Every conversation arrives with a structured summary — expected and actual distress (SUDS), rounds, duration, whether the plan was adjusted, and any safety concern — so the next session starts from what really happened.",
  },
] as const;

export const PRINCIPLES = [
  "Built around exposure and response prevention, the best-supported treatment for anxiety in young people.",
  "The clinician stays in charge: the coach follows the plan you set and never diagnoses.",
  "Safety first: conversations that raise a safety concern are flagged for you.",
  "Works on the clinic's tablets, even where the Wi-Fi drops: your notes are kept on the device and sent when it reconnects.",
] as const;

export const FOUNDERS = [
  {
    name: "Dr. Elena Marsh",
    role: "Co-founder, clinical lead",
    bio: "A child and adolescent psychologist who has spent fifteen years treating anxiety and OCD with exposure therapy. She started Stepwise after watching too many teens lose momentum in the week between sessions.",
  },
  {
    name: "Jonah Okafor",
    role: "Co-founder, engineering",
    bio: "A software engineer who built health-record tools for community clinics. He leads the design of the coach and of the clinician console, with a simple rule: nothing should make a clinician's day longer.",
  },
  {
    name: "Priya Raman",
    role: "Co-founder, research",
    bio: "A researcher in digital mental health who studies how young people practise coping skills outside the therapy room. She runs Stepwise's evaluation studies with partner clinics and universities.",
  },
] as const;
