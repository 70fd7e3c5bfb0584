export const VIDEO_POSTER = "/media/intro-poster.svg";

/** The video player's frame while there is nothing to play yet: the poster, at the player's final size. */
export function VideoLoading({ title, poster }: { title: string; poster: string }) {
  return (
    <figure aria-busy="true" className="relative aspect-video w-full overflow-hidden rounded-lg border bg-muted">
      <img src={poster} alt="" className="absolute inset-0 size-full object-cover opacity-40" />
      <figcaption className="sr-only">{title} is loading.</figcaption>
    </figure>
  );
}
