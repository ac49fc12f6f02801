"""Audio synthesis per sample: sine, sawtooth (frac) and square
oscillators, an ADSR envelope with branches on the note time, a mix of
three voices, soft clipping with tanh and conversion to int16 PCM."""
import warp as wp


@wp.func
def adsr(t: float, attack: float, decay: float, sustain: float, release_at: float, release: float):
    if t < attack:
        return t / attack
    elif t < attack + decay:
        return 1.0 - (1.0 - sustain) * (t - attack) / decay
    elif t < release_at:
        return sustain
    return wp.max(sustain * (1.0 - (t - release_at) / release), 0.0)


@wp.kernel
def synth(rate: float, freqs: wp.vec3, out: wp.array(dtype=float), pcm: wp.array(dtype=wp.int16)):
    n = wp.tid()
    t = float(n) / rate
    s1 = wp.sin(2.0 * wp.pi * freqs[0] * t)
    s2 = 2.0 * wp.frac(freqs[1] * t) - 1.0
    s3 = wp.where(wp.frac(freqs[2] * t) < 0.5, 1.0, -1.0)
    env = adsr(t, 0.01, 0.05, 0.6, 0.15, 0.05)
    x = env * (0.5 * s1 + 0.3 * s2 + 0.2 * s3)
    y = wp.tanh(1.5 * x)
    out[n] = y
    pcm[n] = wp.int16(int(y * 32767.0))


TESTS = [
    dict(kernel="synth", dim=9600, args=dict(rate=48000.0, freqs=[440.0, 220.0, 110.0]), outputs=["out", "pcm"],
         rtol=1e-5, atol=2e-5,
         note="sin of arguments up to ~600 rad and frac of t*f: float32 phase error ~1e-5; pcm truncation "
              "of y*32767 could differ by 1 at an integer boundary (none do)"),
]
