import { ArrowRightIcon, FlaskConicalIcon, LifeBuoyIcon, MicIcon } from "lucide-react";
import { Suspense } from "react";
import { Link } from "react-router";
import { usePublicConfig } from "@/lib/config.ts";
import { lazyScreen } from "@/lib/lazy-screen.tsx";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { useAuth } from "@/shared/auth/auth-context.tsx";
import { Button } from "@/ui/button.tsx";
import { VIDEO_POSTER, VideoLoading } from "@/ui/video-loading.tsx";
import { FOUNDERS, HOW_IT_WORKS, PRINCIPLES } from "./content.ts";

// The player loads just after the first paint, in a frame of its final size.
const VideoPlayer = lazyScreen(() => import("@/ui/video-player.tsx").then((m) => ({ default: m.VideoPlayer })));
const VIDEO_TITLE = "The Stepwise introduction video";

const DEFAULT_SUPPORT = "support@stepwise.example";
const VOICE_COACH = "Try the voice coach (no login)";

export default function LandingPage() {
  usePageTitle("");
  const { user } = useAuth();
  const config = usePublicConfig().data;
  const support = config?.supportEmail ?? DEFAULT_SUPPORT;

  return (
    <div className="flex flex-col gap-16">
      <section className="grid items-center gap-8 lg:grid-cols-2" aria-labelledby="hero-title">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Exposure therapy, between sessions
          </p>
          <h1 id="hero-title" className="text-4xl font-bold tracking-tight sm:text-5xl">
            Help anxious teens take the next step — even when you are not in the room.
          </h1>
          <p className="text-lg text-muted-foreground">
            Stepwise pairs your patients with an AI coach that guides their exposure homework, and gives you a clear
            picture of every practice: what they tried, how anxious they felt, and what they need next.
          </p>
          <div className="flex flex-wrap gap-3">
            {user ? (
              <Button asChild size="lg">
                <Link to="/chat-history">
                  Open Chat History <ArrowRightIcon aria-hidden />
                </Link>
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to="/auth">
                  Clinician login <ArrowRightIcon aria-hidden />
                </Link>
              </Button>
            )}
            {config ? (
              config.voiceBotUrl && (
                <Button asChild size="lg" variant="outline">
                  <a href={config.voiceBotUrl} target="_blank" rel="noopener noreferrer">
                    <MicIcon aria-hidden /> {VOICE_COACH}
                  </a>
                </Button>
              )
            ) : (
              // Its place is kept while the settings load (a deployment nearly always has a voice
              // coach): on a phone it wraps to a line of its own, and its arrival moved the video below.
              <span aria-hidden className="invisible">
                <Button size="lg" variant="outline" tabIndex={-1}>
                  <MicIcon aria-hidden /> {VOICE_COACH}
                </Button>
              </span>
            )}
          </div>
        </div>
        <Suspense fallback={<VideoLoading title={VIDEO_TITLE} poster={VIDEO_POSTER} />}>
          <VideoPlayer url={config?.introVideoUrl} captions={config?.introVideoCaptionsUrl} title={VIDEO_TITLE} />
        </Suspense>
      </section>

      <section aria-labelledby="how-title" className="flex flex-col gap-6">
        <h2 id="how-title" className="text-2xl font-bold">
          How Stepwise works
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          {HOW_IT_WORKS.map((step, i) => (
            <li key={step.title} className="rounded-lg border bg-card p-6">
              <span className="mb-3 inline-flex size-8 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground">
                {i + 1}
              </span>
              <h3 className="mb-2 font-semibold">{step.title}</h3>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {PRINCIPLES.map((p) => (
            <li key={p} className="flex gap-2">
              <span aria-hidden className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
              {p}
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="research-title"
        className="flex flex-col gap-4 rounded-lg bg-primary p-6 text-primary-foreground sm:flex-row sm:items-center sm:p-8"
      >
        <FlaskConicalIcon className="size-10 shrink-0" aria-hidden />
        <div className="flex-1">
          <h2 id="research-title" className="text-xl font-bold">
            Research collaborations
          </h2>
          <p className="mt-1 text-primary-foreground/90">
            We work with university clinics and researchers studying exposure therapy for adolescents and young adults.
            If you would like to evaluate Stepwise with your patients or your lab, we would love to hear from you.
          </p>
        </div>
        <Button asChild variant="secondary">
          <a href={`mailto:${support}?subject=${encodeURIComponent("Research collaboration")}`}>Get in touch</a>
        </Button>
      </section>

      <section aria-labelledby="team-title" className="flex flex-col gap-6">
        <h2 id="team-title" className="text-2xl font-bold">
          The founders
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {FOUNDERS.map((f) => (
            <li key={f.name} className="rounded-lg border bg-card p-6">
              <div className="mb-3 flex items-center gap-3">
                <span
                  aria-hidden
                  className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-lg font-semibold text-accent-foreground"
                >
                  {f.name
                    .replace("Dr. ", "")
                    .split(" ")
                    .map((w) => w[0])
                    .join("")}
                </span>
                <div>
                  <h3 className="font-semibold">{f.name}</h3>
                  <p className="text-sm text-muted-foreground">{f.role}</p>
                </div>
              </div>
              <p className="text-sm text-muted-foreground">{f.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="support-title" className="flex flex-col items-start gap-3 rounded-lg border p-6">
        <h2 id="support-title" className="flex items-center gap-2 text-xl font-bold">
          <LifeBuoyIcon className="size-5 text-primary" aria-hidden /> Need help?
        </h2>
        <p className="text-muted-foreground">
          Questions about your account, an invitation that did not arrive, or something that does not look right? Our
          support team answers within one working day.
        </p>
        <Button
          asChild
          variant="outline"
          className="h-auto max-w-full py-2 text-center whitespace-normal [overflow-wrap:anywhere]"
        >
          <a href={`mailto:${support}`}>Contact support ({support})</a>
        </Button>
        <Link
          to="/video-example"
          className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline"
        >
          See the video player demo
        </Link>
      </section>
    </div>
  );
}
