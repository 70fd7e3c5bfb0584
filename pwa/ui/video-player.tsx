import { VideoOffIcon } from "lucide-react";
import { useCallback, useState } from "react";
import { useOnline } from "@/lib/use-online.ts";
import { VIDEO_POSTER, VideoLoading } from "./video-loading.tsx";

interface VideoPlayerProps {
  /** A video file URL, or a YouTube / Vimeo page or embed URL; undefined while the settings load, "" for none. */
  url: string | undefined;
  title: string;
  /** A WebVTT captions file for a video file (YouTube and Vimeo carry their own). */
  captions?: string;
  poster?: string;
}

/** The embed form of a YouTube or Vimeo URL, or null for a plain video file. */
function embedUrl(url: string): string | null {
  try {
    const u = new URL(url, "http://local.invalid");
    if (/(^|\.)youtube(-nocookie)?\.com$/.test(u.hostname)) {
      const id = u.pathname.startsWith("/embed/") ? u.pathname.slice(7) : u.searchParams.get("v");
      return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
    }
    if (u.hostname === "youtu.be") return `https://www.youtube-nocookie.com/embed/${u.pathname.slice(1)}`;
    if (/(^|\.)vimeo\.com$/.test(u.hostname)) {
      const id = u.pathname.split("/").filter(Boolean).pop();
      return id ? `https://player.vimeo.com/video/${id}` : null;
    }
  } catch {}
  return null;
}

/**
 * A 16:9 player that says plainly when the video cannot play (offline, or the file is missing)
 * instead of showing a broken frame. The poster stays visible either way. Offline covers
 * same-origin files too: the service worker never precaches videos (see vite.config.ts).
 */
export function VideoPlayer({ url, title, captions, poster = VIDEO_POSTER }: VideoPlayerProps) {
  const online = useOnline();
  const [failed, setFailed] = useState(false);
  const embed = url ? embedUrl(url) : null;
  const unavailable = url === "" || failed || !online;
  // The file starts loading when React creates the element, before it is in the page; an error
  // that comes back before then never reaches onError, so the element is checked once mounted.
  const checkMounted = useCallback((video: HTMLVideoElement | null) => {
    if (video?.error) setFailed(true);
  }, []);

  // Until the settings arrive there is nothing to say yet: a plain poster, not an error that flashes.
  if (url === undefined && online) {
    return <VideoLoading title={title} poster={poster} />;
  }
  if (unavailable || !url) {
    return (
      <figure className="relative aspect-video w-full overflow-hidden rounded-lg border bg-muted">
        <img src={poster} alt="" className="absolute inset-0 size-full object-cover opacity-40" />
        <figcaption className="relative flex size-full flex-col items-center justify-center gap-2 p-6 text-center">
          <VideoOffIcon className="size-8 text-muted-foreground" aria-hidden />
          <span className="font-medium">{title} is not available right now.</span>
          <span className="text-sm text-muted-foreground">
            {online ? "The video could not be loaded. Please try again later." : "Connect to the internet to watch it."}
          </span>
        </figcaption>
      </figure>
    );
  }
  if (embed) {
    return (
      <iframe
        src={embed}
        title={title}
        className="aspect-video w-full rounded-lg border"
        allow="encrypted-media; picture-in-picture; fullscreen"
        loading="lazy"
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: the track is there whenever captions are configured
    <video
      key={url}
      ref={checkMounted}
      src={url}
      poster={poster}
      controls
      preload="metadata"
      playsInline
      className="aspect-video w-full rounded-lg border bg-black"
      aria-label={title}
      onError={() => setFailed(true)}
    >
      {captions && <track kind="captions" src={captions} srcLang="en" label="English" default />}
    </video>
  );
}
