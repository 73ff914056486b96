#!/bin/sh
# ffmpeg with injectable faults for the video tests: when $REELTY_FFMPEG_FAULT_FILE exists and this
# is a transcode (HLS output), "fail" exits 1 like a failing encoder and "crash-once" dies by
# SIGKILL (as if the machine ran out of memory) once. Everything else runs the real ffmpeg.
case " $* " in
  *" -f hls "*)
    if [ -n "$REELTY_FFMPEG_FAULT_FILE" ] && [ -f "$REELTY_FFMPEG_FAULT_FILE" ]; then
      mode=$(cat "$REELTY_FFMPEG_FAULT_FILE")
      case "$mode" in
        fail) echo "Simulated encoder failure: cannot allocate memory" >&2; exit 1 ;;
        crash-once) rm -f "$REELTY_FFMPEG_FAULT_FILE"; kill -9 $$ ;;
      esac
    fi
    ;;
esac
exec ffmpeg "$@"
