import { usePublicConfig } from "@/lib/config.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { VideoPlayer } from "@/ui/video-player.tsx";

/** A public demo of the embedded player, with the configured intro video. */
export default function VideoExamplePage() {
  usePageTitle("Video Example");
  const config = usePublicConfig().data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Video Example</h1>
      <p className="text-muted-foreground">
        This is the player the landing page uses. It plays a video file or a YouTube or Vimeo link set by the
        deployment, and says so clearly when the video cannot be played, for example without an internet connection.
      </p>
      <VideoPlayer
        url={config?.introVideoUrl}
        captions={config?.introVideoCaptionsUrl}
        title="The Stepwise introduction video"
      />
    </div>
  );
}
