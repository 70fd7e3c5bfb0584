#!/usr/bin/env bash
# Makes the landing page's intro video and its captions:
#   public/media/stepwise-intro.mp4  (1280x720 H.264 + AAC, ~25 s, well under 1.5 MB)
#   public/media/stepwise-intro.vtt  (WebVTT captions of the narration, timed to it)
#
# Needs ffmpeg (with libx264, libfreetype drawtext and librsvg) and espeak-ng, e.g.
#   apt-get install -y ffmpeg espeak-ng
# Run it once from anywhere (`bash scripts/make-intro-video.sh`); the output is committed, so
# neither `npm start`, the tests nor CI need these tools. Re-run it only to change the video.
#
# Five title cards in the product's look (teal #0f766e, white, the staircase logo), each with a
# calm en-us narration of the same words; a staircase at the bottom climbs one step per card.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/public/media"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

W=1280 H=720 FPS=25
TEAL=0x0f766e MINT=0xccfbf1
BOLD=/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf
REGULAR=/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf
VOICE=(espeak-ng -v en-us -s 150 -p 40 -a 110 -g 3)
LEAD=0.4 # seconds of quiet before each card's narration
TAIL=1.1 # seconds after it, before the next card

for tool in ffmpeg ffprobe espeak-ng; do
  command -v "$tool" >/dev/null || { echo "make-intro-video: $tool is required" >&2; exit 1; }
done

# Card: title | subtitle | narration (the captions show the narration).
CARDS=(
  "Exposure homework, between sessions|Teens practise the steps they planned with their clinician.|Stepwise: exposure homework, between sessions."
  "An AI coach walks teens through each step|Before, during and after every practice, at their own pace.|An AI coach walks teens through each step, at their own pace."
  "Clinicians see every practice|Anxiety ratings (SUDS), rounds and safety flags, in one clear view.|Clinicians see every practice: anxiety ratings, rounds and safety flags."
  "Works on a tablet, even offline|Edits made without a connection are sent when it returns.|It works on a tablet, even offline."
  "One small step at a time.|Stepwise — exposure therapy, between sessions.|One small step at a time."
)
N=${#CARDS[@]}

# The logo as PNGs (librsvg decoder of ffmpeg).
ffmpeg -loglevel error -y -width 120 -height 120 -i "$ROOT/public/logo.svg" "$TMP/logo-small.png"
ffmpeg -loglevel error -y -width 200 -height 200 -i "$ROOT/public/logo.svg" "$TMP/logo-large.png"

vtt="$OUT/stepwise-intro.vtt.tmp"
printf 'WEBVTT\n\n' >"$vtt"
stamp() { awk -v t="$1" 'BEGIN { ms = int(t * 1000 + 0.5); printf "%02d:%02d:%02d.%03d", ms / 3600000, (ms / 60000) % 60, (ms / 1000) % 60, ms % 1000 }'; }

start=0
: >"$TMP/list.txt"
for i in "${!CARDS[@]}"; do
  IFS='|' read -r title subtitle speech <<<"${CARDS[$i]}"
  printf '%s' "$title" >"$TMP/title-$i.txt"
  printf '%s' "$subtitle" >"$TMP/subtitle-$i.txt"

  "${VOICE[@]}" -w "$TMP/voice-$i.wav" "$speech"
  speech_len=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$TMP/voice-$i.wav")
  len=$(awk -v s="$speech_len" -v l="$LEAD" -v t="$TAIL" 'BEGIN { d = l + s + t; if (d < 4) d = 4; printf "%.2f", d }')

  # Captions: one cue per card, while its narration speaks.
  cue_start=$(awk -v a="$start" -v l="$LEAD" 'BEGIN { print a + l }')
  cue_end=$(awk -v a="$cue_start" -v s="$speech_len" 'BEGIN { print a + s + 0.3 }')
  printf '%s\n%s --> %s\n%s\n\n' "$((i + 1))" "$(stamp "$cue_start")" "$(stamp "$cue_end")" "$speech" >>"$vtt"

  # The staircase: N steps rising to the right, the first i+1 lit.
  stairs=""
  for s in $(seq 0 $((N - 1))); do
    sw=56 sh=$((14 + s * 14))
    sx=$((W - 80 - (N - s) * (sw + 6))) sy=$((H - 56 - sh))
    if ((s <= i)); then color="$MINT@1"; else color="white@0.18"; fi
    stairs+="drawbox=x=$sx:y=$sy:w=$sw:h=$sh:color=$color:t=fill,"
  done

  if ((i == 0 || i == N - 1)); then
    logo="$TMP/logo-large.png" logo_pos="x=(W-w)/2:y=120" title_y=360 sub_y=430 wordmark=""
  else
    logo="$TMP/logo-small.png" logo_pos="x=80:y=70" title_y=300 sub_y=380
    wordmark="drawtext=fontfile=$BOLD:text=Stepwise:fontsize=40:fontcolor=white:x=220:y=110,"
  fi
  fade_out=$(awk -v d="$len" 'BEGIN { print d - 0.5 }')
  # The first card starts fully drawn, so the video's first frame is a real title card.
  fade_in="fade=t=in:st=0:d=0.5:color=$TEAL,"
  ((i == 0)) && fade_in=

  ffmpeg -loglevel error -y \
    -f lavfi -i "color=c=$TEAL:s=${W}x${H}:r=$FPS:d=$len" \
    -i "$logo" \
    -i "$TMP/voice-$i.wav" \
    -filter_complex "
      [0:v][1:v]overlay=$logo_pos,
      $wordmark
      drawtext=fontfile=$BOLD:textfile=$TMP/title-$i.txt:fontsize=54:fontcolor=white:x=(w-text_w)/2:y=$title_y,
      drawtext=fontfile=$REGULAR:textfile=$TMP/subtitle-$i.txt:fontsize=32:fontcolor=$MINT:x=(w-text_w)/2:y=$sub_y,
      ${stairs}
      ${fade_in}fade=t=out:st=$fade_out:d=0.5:color=$TEAL,format=yuv420p[v];
      [2:a]aformat=sample_rates=44100:channel_layouts=mono,highpass=f=90,lowpass=f=7000,
        adelay=$(awk -v l="$LEAD" 'BEGIN { print int(l * 1000) }'),volume=0.8,apad,atrim=0:$len[a]" \
    -map "[v]" -map "[a]" -c:v libx264 -preset slow -crf 30 -tune stillimage -g $((FPS * 4)) \
    -c:a aac -b:a 64k -ar 44100 -ac 1 -t "$len" "$TMP/card-$i.mp4"
  echo "file '$TMP/card-$i.mp4'" >>"$TMP/list.txt"
  start=$(awk -v a="$start" -v d="$len" 'BEGIN { print a + d }')
done

# Join the cards, bring the narration to a calm, even loudness, and move the index to the front.
ffmpeg -loglevel error -y -f concat -safe 0 -i "$TMP/list.txt" \
  -c:v copy -af "loudnorm=I=-23:TP=-3:LRA=7" -c:a aac -b:a 64k -ar 44100 -ac 1 \
  -movflags +faststart "$OUT/stepwise-intro.mp4"
mv "$vtt" "$OUT/stepwise-intro.vtt"

ls -l "$OUT/stepwise-intro.mp4" "$OUT/stepwise-intro.vtt"
ffprobe -v error -show_entries format=duration -of csv=p=0 "$OUT/stepwise-intro.mp4"
