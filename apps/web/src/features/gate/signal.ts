/**
 * What the guard hears and feels when the gate answers, without looking: a short tone made by an
 * oscillator (no sound files) and a vibration, where the device allows; a device without either, or
 * that refuses them, stays silent.
 */
import type { GateAnswer } from '@campus/contract';

export type Signal = 'allow' | 'done' | 'refused' | 'check';

/** One rising note to act on, two for done, a low buzz for a refusal, a soft note for a typo. */
const TONES: Record<Signal, { notes: number[]; seconds: number; wave: OscillatorType }> = {
  allow: { notes: [880], seconds: 0.12, wave: 'sine' },
  done: { notes: [660, 990], seconds: 0.1, wave: 'sine' },
  refused: { notes: [196, 196], seconds: 0.22, wave: 'square' },
  check: { notes: [440], seconds: 0.15, wave: 'triangle' },
};
const VIBRATIONS: Record<Signal, number[]> = {
  allow: [60],
  done: [50, 60, 50],
  refused: [300, 100, 300],
  check: [120],
};

export function signalOf(answer: GateAnswer): Signal {
  if (answer.outcome === 'allow-exit' || answer.outcome === 'allow-return') return 'allow';
  if (answer.outcome === 'exited' || answer.outcome === 'returned') return 'done';
  return answer.reason === 'unknown-code' ? 'check' : 'refused';
}

let audio: AudioContext | undefined;

/** Prepares the sound on the guard's first tap or key: browsers start audio only after a gesture. */
export function unlockSound(): void {
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  } catch {
    audio = undefined;
  }
}

function play(kind: Signal): void {
  if (!audio || audio.state !== 'running') return;
  const tone = TONES[kind];
  let at = audio.currentTime;
  for (const note of tone.notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = tone.wave;
    oscillator.frequency.value = note;
    gain.gain.setValueAtTime(0.2, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + tone.seconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + tone.seconds);
    at += tone.seconds + 0.05;
  }
}

export function signal(kind: Signal): void {
  try {
    if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATIONS[kind]);
  } catch {
    // No vibration here.
  }
  try {
    unlockSound();
    play(kind);
  } catch {
    // No sound here.
  }
}
