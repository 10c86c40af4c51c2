// The board's sounds, made in code with Web Audio: the names the page's Python sends with
// a move when the player switched sound on (web/page/qin_ui/motion.py, SOUNDS), each with
// its delay in ms. No sound object (AudioContext) exists before the player's first
// interaction with the page: until then a sound is skipped. The embedded diagrams
// (web/embed) never load this.

// Each sound: notes [frequency Hz, start s, length s, wave, loudness 0-1].
const NOTES = {
  place: [[330, 0, 0.09, "triangle", 0.9], [165, 0, 0.06, "sine", 0.6]],
  found: [[523, 0, 0.12, "sine", 0.7], [784, 0.09, 0.2, "sine", 0.7]],
  absorb: [[392, 0, 0.14, "triangle", 0.6], [294, 0.1, 0.16, "triangle", 0.6], [196, 0.2, 0.26, "sine", 0.7]],
  village: [[880, 0, 0.3, "sine", 0.5], [1320, 0, 0.22, "sine", 0.25]],
  turn: [[587, 0, 0.1, "sine", 0.45], [880, 0.1, 0.16, "sine", 0.45]],
  end: [[523, 0, 0.16, "sine", 0.6], [659, 0.14, 0.16, "sine", 0.6], [784, 0.28, 0.16, "sine", 0.6],
    [1047, 0.42, 0.4, "sine", 0.6]],
};
const VOLUME = 0.18;

let touched = false;
let context = null;
for (const kind of ["pointerdown", "keydown"]) {
  addEventListener(kind, () => { touched = true; }, { capture: true, once: true });
}

function audio() {
  if (context) return context;
  const Context = window.AudioContext ?? window.webkitAudioContext;
  if (!touched || !Context) return null;
  context = new Context();
  return context;
}

function note(ctx, at, [frequency, start, length, wave, loudness]) {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = wave;
  osc.frequency.value = frequency;
  const t0 = at + start;
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(VOLUME * loudness, t0 + 0.012);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

// Play [[name, delay ms], ...] (names not known here are skipped).
export function play(sounds) {
  if (!sounds?.length) return;
  const ctx = audio();
  if (!ctx) return;
  if (ctx.state === "suspended") ctx.resume();
  const now = ctx.currentTime + 0.01;
  for (const [name, delay] of sounds) {
    for (const n of NOTES[name] ?? []) note(ctx, now + delay / 1000, n);
  }
}
