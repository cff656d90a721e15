let audio: AudioContext | null = null;

/**
 * The audio context the beeps play on. Made at the first beep, it was most of the first scan's answer (a task
 * of 50 ms of a 4x slowed main thread): ScanInput makes it in an idle moment once the field shows.
 */
export function prepareBeep(): AudioContext | null {
  const Ctx =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return null;
  try {
    audio ??= new Ctx();
  } catch {
    return null;
  }
  return audio;
}

/** A short beep: high for an accepted scan, low and longer for a refused one. Silent where audio is unavailable. */
export function beep(kind: 'accepted' | 'refused'): void {
  try {
    const audio = prepareBeep();
    if (!audio) return;
    if (audio.state === 'suspended') void audio.resume();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    const [freq, ms, type] = kind === 'accepted' ? [1320, 90, 'sine' as const] : [220, 260, 'square' as const];
    osc.type = type;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + ms / 1000);
  } catch {
    // No sound is not an error.
  }
  if (kind === 'refused') navigator.vibrate?.(120);
}
