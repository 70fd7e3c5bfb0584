/**
 * The demo clinic's words: patients' names, exposure practices for anxious
 * teens (each a rung of a social-anxiety ladder), and the lines of the coach
 * and the teens. Everything is fictional.
 */

export const FIRST_NAMES = {
  female: ["Maya", "Sofia", "Ava", "Zoe", "Lily", "Chloe", "Nora", "Isla", "Priya", "Amara", "Hana", "Elena"],
  male: ["Ethan", "Noah", "Liam", "Mateo", "Jayden", "Omar", "Lucas", "Kai", "Ryan", "Diego", "Samir", "Theo"],
  prefer_not_to_say: ["Jordan", "Riley", "Avery", "Quinn", "Sky", "Rowan"],
} as const;

export const LAST_NAMES = [
  "Patel",
  "Nguyen",
  "Garcia",
  "Kim",
  "Okafor",
  "Johnson",
  "Silva",
  "Cohen",
  "Murphy",
  "Haddad",
  "Tanaka",
  "Rossi",
  "Novak",
  "Mensah",
  "Larsen",
  "Ortiz",
  "Walsh",
  "Ibrahim",
  "Fischer",
  "Reyes",
] as const;

export interface Practice {
  /** What the teen does, as the homework names it. */
  practice: string;
  /** The same, to follow "go ahead and". */
  action: string;
  fear: string;
  safetyBehavior: string;
  worstCase: string;
  goal: string;
  /** A typical round: amount and unit, stored as "N minutes" / "N seconds". */
  duration: [number, "minutes" | "seconds"];
}

export const PRACTICES: readonly Practice[] = [
  {
    practice: "Raise my hand to answer a question in class",
    action: "raise your hand and answer one question",
    fear: "Saying something wrong in front of the whole class",
    safetyBehavior: "Rehearsing the answer in my head until the moment passes",
    worstCase: "i'll get it wrong and everyone will laugh",
    goal: "Answer at least one question in class every day",
    duration: [5, "minutes"],
  },
  {
    practice: "Eat lunch in the cafeteria instead of the library",
    action: "sit down with your lunch at a table in the cafeteria",
    fear: "People staring at me while I eat",
    safetyBehavior: "Looking at my phone the whole time",
    worstCase: "someone will say something about me and everyone will hear",
    goal: "Eat lunch in the cafeteria three times a week",
    duration: [20, "minutes"],
  },
  {
    practice: "Call a shop to ask about its opening hours",
    action: "make the call and ask about the opening hours",
    fear: "Stumbling over my words on the phone",
    safetyBehavior: "Writing a full script before calling",
    worstCase: "i'll freeze and they'll hang up on me",
    goal: "Make short phone calls without a script",
    duration: [3, "minutes"],
  },
  {
    practice: "Ask a shop assistant where to find something",
    action: "find an assistant and ask where something is",
    fear: "Bothering strangers",
    safetyBehavior: "Asking my mom to do the talking",
    worstCase: "they'll be annoyed and think i'm stupid",
    goal: "Ask for help in shops on my own",
    duration: [2, "minutes"],
  },
  {
    practice: "Ride the bus to school alone",
    action: "get on the bus and ride a few stops",
    fear: "Having a panic attack with no way out",
    safetyBehavior: "Sitting right next to the door with headphones in",
    worstCase: "i'll panic and embarrass myself in front of everyone",
    goal: "Take the bus alone every school day",
    duration: [15, "minutes"],
  },
  {
    practice: "Send the first text to a classmate to make plans",
    action: "write the text and hit send",
    fear: "Being ignored or rejected",
    safetyBehavior: "Deleting the message or asking a friend to check it first",
    worstCase: "they'll leave me on read and tell other people",
    goal: "Start conversations with friends instead of waiting",
    duration: [10, "minutes"],
  },
  {
    practice: "Speak up in a group project meeting",
    action: "share one idea with your group",
    fear: "My ideas sounding stupid",
    safetyBehavior: "Only agreeing with what others say",
    worstCase: "the group will ignore me or roll their eyes",
    goal: "Share at least one idea in each group meeting",
    duration: [10, "minutes"],
  },
  {
    practice: "Order food at a counter by myself",
    action: "walk up to the counter and order",
    fear: "Being judged while ordering",
    safetyBehavior: "Pointing at the menu instead of speaking",
    worstCase: "i'll mess up the order and the line behind me will get annoyed",
    goal: "Order for myself at restaurants and cafes",
    duration: [3, "minutes"],
  },
  {
    practice: "Say hi to a classmate in the hallway",
    action: "say hi to someone from your class",
    fear: "Being ignored",
    safetyBehavior: "Looking down at the floor",
    worstCase: "they won't say hi back and i'll feel humiliated",
    goal: "Greet two classmates every day",
    duration: [45, "seconds"],
  },
  {
    practice: "Walk into class after the bell has rung",
    action: "walk into the room and take your seat",
    fear: "Everyone looking at me",
    safetyBehavior: "Waiting outside until the break",
    worstCase: "the teacher will call me out and everyone will stare",
    goal: "Walk into class even when I'm late",
    duration: [90, "seconds"],
  },
  {
    practice: "Read a paragraph aloud in English class",
    action: "read your paragraph out loud",
    fear: "My voice shaking while I read",
    safetyBehavior: "Reading as fast as possible without looking up",
    worstCase: "my voice will crack and people will imitate me later",
    goal: "Volunteer to read aloud once a week",
    duration: [2, "minutes"],
  },
  {
    practice: "Join a lunch table with people I only sort of know",
    action: "ask if you can sit with them",
    fear: "Not being wanted there",
    safetyBehavior: "Pretending I'm only stopping by for a second",
    worstCase: "they'll say no and everyone nearby will see",
    goal: "Eat with classmates at least twice a week",
    duration: [15, "minutes"],
  },
];

export const READY = [
  "yeah i guess",
  "ok let's do it",
  "kind of nervous but ok",
  "i don't really want to but fine",
  "ready!",
  "ok",
  "sure, i've been thinking about it all day",
];

export const GREETINGS = [
  "Hi {name}! It's good to see you. Today's practice is: {practice}. Are you ready to get started?",
  'Hey {name}, welcome back. We\'re working on "{practice}" today. How are you feeling about it?',
  "Hi {name}! Thanks for showing up for your practice. Today it's: {practice}. Shall we begin?",
];

export const CHECK_INS = [
  "this is really hard, my heart is racing",
  "can i stop now? it feels like everyone is looking at me",
  "i feel kind of dizzy, is that normal?",
  "my hands are shaking a lot",
];

export const CHECK_IN_REPLIES = [
  "You're doing really well. That racing feeling is your body's alarm, and it comes down if you stay with it. Try to give it a little longer.",
  "That's a normal part of anxiety and it isn't dangerous. Breathe slowly and notice what is actually happening around you.",
  "Thanks for checking in. It's okay to feel this way. See if you can stay in the situation until the feeling starts to drop.",
];

export const PRAISE_FALLING = [
  "Nice, that's lower than last round. Your brain is learning this is safer than it feels.",
  "That's a real drop. Notice how the anxiety came down while you stayed with it.",
  "Great job. Lower again, that's exactly what we hope to see.",
];

export const PRAISE_STEADY = [
  "It's okay that it stayed high. Staying with it is what matters, and you did.",
  "Thanks for sticking with it. Some rounds feel harder than others, and that's fine.",
];

export const CLOSINGS = [
  "Great work today, {name}. I'll share a summary with {clinician}. See you at your next practice!",
  "You should be proud of yourself, {name}. I'll pass a summary on to {clinician}. Talk soon!",
];

export const HELPFUL_REPLIES = ["{n} i think", "{n}", "probably {n}", "{n}, it was better than i thought"];
export const WILLING_REPLIES = ["{n}", "{n}. i can do it again", "like {n}", "{n} i guess"];

/** The prompts of the AI agent; the seed marks the last current and the one before it test. */
export const PROMPTS = [
  {
    title: "Exposure coach, first version",
    owner: "Elena",
    prompt: `You are an exposure-therapy homework coach for teenagers with social anxiety.
Guide the teen through the exposure practice assigned by their clinician.
Before the practice, ask what they fear will happen and what they usually do to feel safe.
Ask for a SUDS rating (0-100) before the first round and after each round.
Keep messages short and friendly. End by asking how helpful the practice was (0-5).`,
  },
  {
    title: "Coach with SUDS check-ins every round",
    owner: "Marcus",
    prompt: `You are a warm, encouraging coach who helps teens complete exposure-therapy homework.
Start by naming today's practice from the homework. Collect the feared outcome, the safety behaviors
and the expected peak SUDS (0-100). For each round, give one clear instruction, then ask for the peak
and current SUDS. Praise staying in the situation, not low numbers. If the teen wants fewer or shorter
rounds, agree and note it as a patient override. After the last round, ask how helpful the practice
was (0-5) and how willing they are to continue (0-5).`,
  },
  {
    title: "Warm coach with safety check",
    owner: "Elena",
    prompt: `You are Stepwise, a warm and patient coach for teens and young adults practicing exposure-therapy homework.
1. Greet the teen by first name and name today's practice from their homework.
2. Ask what they worry might happen, what they usually do to feel safer, and how anxious they expect to get (SUDS 0-100).
3. Encourage them to drop the safety behavior. Ask for a SUDS rating before starting.
4. Run the planned rounds. After each round, ask for the peak and current SUDS and reflect any change kindly.
5. If the teen checks in mid-round, normalize the feeling and encourage them to stay a little longer.
6. If SUDS stays very high, offer to make the next round easier and record the adjustment.
7. Safety first: if the teen mentions not wanting to be alive, hurting themselves or feeling unsafe, stop the practice,
   ask directly and calmly about thoughts of self-harm, share crisis resources (call or text 988, or 911 in an emergency),
   encourage them to tell a trusted adult today, and flag the conversation for their clinician.
8. Close by asking how helpful the practice was (0-5) and how willing they are to continue (0-5).`,
  },
  {
    title: "Trial: shorter rounds, more praise",
    owner: "Marcus",
    prompt: `Trial version of the Stepwise coach. Same steps and the same safety rules as the current prompt, but:
- propose rounds of half the planned duration when the expected peak SUDS is above 80;
- after each round, name one specific thing the teen did well before asking for the SUDS rating;
- keep every message under 40 words.
If the teen mentions not wanting to be alive or feeling unsafe, stop the practice, ask directly about self-harm,
share crisis resources (call or text 988, or 911 in an emergency) and flag the conversation for the clinician.`,
  },
] as const;

export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
