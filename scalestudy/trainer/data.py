"""Batches exactly as the official Transformer builds them, NumPy only (no TensorFlow).

- A sentence pair's length is max(len(source), len(target)), EOS included.
- Length buckets with boundaries 8, 8*1.1, ... up to max_length; a bucket of lengths below L holds
  tokens // L sentences, so sentences x padded length < tokens per side.
- Each side is padded to its longest sentence in the batch: the padded slots Tsrc, Ttgt count
  pads, which is what the allgather ships.

Batches are a pure function of (seed, rank, step) so a resumed run draws the same data. The
official pipeline emits from bucket k at a rate p_k / B_k (p_k: probability that a sentence falls
in bucket k, B_k: its batch size); each step picks a bucket with that probability and fills it.
Strong scaling draws one GLOBAL batch per step (rank-independent) and gives each worker its share
of the same sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from scalestudy.cost_models import mesh as mesh_layout
from scalestudy.cost_models import token_model
from scalestudy.formats.point_config import PointConfig

PAD, EOS = 0, 1


@dataclass
class Batch:
    src: np.ndarray  # int64 [sentences, Ls], 0 = pad
    tgt: np.ndarray  # int64 [sentences, Lt]

    @property
    def sentences(self) -> int:
        return int(self.src.shape[0])

    @property
    def src_tokens(self) -> int:
        return int(np.count_nonzero(self.src))

    @property
    def tgt_tokens(self) -> int:
        return int(np.count_nonzero(self.tgt))

    @property
    def src_slots(self) -> int:
        return int(self.src.size)

    @property
    def tgt_slots(self) -> int:
        return int(self.tgt.size)


def bucket_boundaries(max_length: int, min_boundary: int = 8, scale: float = 1.1) -> list[int]:
    bounds: list[int] = []
    x = min_boundary
    while x < max_length:
        bounds.append(x)
        x = max(x + 1, int(x * scale))
    return bounds


def pad_to_batch(seqs: list[np.ndarray]) -> np.ndarray:
    width = max(len(s) for s in seqs)
    out = np.zeros((len(seqs), width), dtype=np.int64)
    for i, s in enumerate(seqs):
        out[i, : len(s)] = s
    return out


def _trim(rows: np.ndarray) -> np.ndarray:
    """Drop all-pad columns on the right (each batch is padded to its own longest sentence)."""
    nonpad = np.flatnonzero(rows.any(axis=0))
    return rows[:, : (nonpad[-1] + 1 if nonpad.size else 1)]


def split_rows(batch: Batch, parts: int) -> list[Batch]:
    """Split a batch's sentences into `parts` contiguous shares, each re-padded to its own max."""
    if parts > batch.sentences:
        raise ValueError(f"cannot split {batch.sentences} sentences into {parts} shares")
    idx = np.array_split(np.arange(batch.sentences), parts)
    return [Batch(_trim(batch.src[i]), _trim(batch.tgt[i])) for i in idx]


class PairSampler:
    """Draws sentence pairs: lengths first (for bucket rejection), tokens for accepted ones."""

    def lengths(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError

    def tokens(
        self, rng: np.random.Generator, src_len: np.ndarray, tgt_len: np.ndarray
    ) -> tuple[list[np.ndarray], list[np.ndarray]]:
        raise NotImplementedError


class SyntheticPairs(PairSampler):
    """A WMT-like length mix (log-normal, median ~22 subwords, long tail) and Zipfian token ids
    (cost_models/token_model.py; `exponent` 1 as natural text, 0 uniform)."""

    def __init__(self, vocab: int, max_length: int, exponent: float = 1.0):
        self.vocab, self.max_length = vocab, max_length
        self.ids = np.arange(2, vocab)
        self.cdf = np.cumsum(token_model.zipf_probabilities(vocab, exponent))

    def lengths(self, rng, n):
        src = np.exp(rng.normal(3.1, 0.6, n))
        tgt = src * np.exp(rng.normal(0.05, 0.15, n))
        cap = self.max_length - 1
        src = np.clip(np.rint(src), 1, cap).astype(np.int64) + 1  # + EOS
        tgt = np.clip(np.rint(tgt), 1, cap).astype(np.int64) + 1
        return src, tgt

    def _words(self, rng, n):
        return self.ids[np.minimum(np.searchsorted(self.cdf, rng.random(n)), len(self.ids) - 1)]

    def tokens(self, rng, src_len, tgt_len):
        src = [np.append(self._words(rng, m - 1), EOS) for m in src_len]
        tgt = [np.append(self._words(rng, m - 1), EOS) for m in tgt_len]
        return src, tgt


class TranslatePairs(PairSampler):
    """A learnable translation: every source word maps to one target word (a fixed permutation of
    `task_vocab` words, the same on every rank), same order. Converges on 2 cores in seconds."""

    def __init__(self, vocab: int, task_vocab: int, max_len: int, seed: int):
        words = min(task_vocab, vocab - 2)
        self.src_words = np.arange(2, 2 + words)
        self.mapping = np.zeros(vocab, dtype=np.int64)
        self.mapping[self.src_words] = np.random.default_rng(seed).permutation(self.src_words)
        self.max_len = max_len

    def lengths(self, rng, n):
        m = rng.integers(2, self.max_len + 1, n) + 1  # + EOS
        return m, m.copy()

    def tokens(self, rng, src_len, tgt_len):
        src = [np.append(rng.choice(self.src_words, m - 1), EOS) for m in src_len]
        tgt = [np.append(self.mapping[s[:-1]], EOS) for s in src]
        return src, tgt


class BucketedStream:
    """Stateless bucketed batches from a pair sampler (see the module docstring)."""

    def __init__(self, sampler: PairSampler, tokens: int, max_length: int, seed: int):
        self.sampler, self.tokens, self.seed = sampler, tokens, seed
        bounds = bucket_boundaries(max_length)
        self.mins = np.array([0, *bounds])
        self.maxs = np.array([*bounds, max_length + 1])
        # As the official pipeline: batch size = tokens // (exclusive upper length of the bucket).
        self.sizes = np.array([tokens // m for m in self.maxs])
        probe = np.random.default_rng([seed, 0xB0C])
        src, tgt = sampler.lengths(probe, 200_000)
        which = np.searchsorted(self.maxs, np.maximum(src, tgt), side="right")
        p = np.bincount(which, minlength=len(self.maxs))[: len(self.maxs)] / len(src)
        rate = np.where(self.sizes > 0, p / np.maximum(self.sizes, 1), 0.0)
        rate[p < 1e-5] = 0.0  # buckets too rare to fill by rejection in reasonable time
        if rate.sum() == 0:
            raise ValueError(f"no sentence length fits {tokens} tokens per batch")
        self.bucket_p = rate / rate.sum()

    def batch(self, key: list[int]) -> Batch:
        rng = np.random.default_rng([self.seed, *key])
        k = int(rng.choice(len(self.bucket_p), p=self.bucket_p))
        want, lo, hi = int(self.sizes[k]), self.mins[k], self.maxs[k]
        got_src: list[np.ndarray] = []
        got_tgt: list[np.ndarray] = []
        while len(got_src) < want:
            src_len, tgt_len = self.sampler.lengths(rng, max(64, 4 * want))
            length = np.maximum(src_len, tgt_len)
            ok = np.flatnonzero((length >= lo) & (length < hi))[: want - len(got_src)]
            s, t = self.sampler.tokens(rng, src_len[ok], tgt_len[ok])
            got_src += s
            got_tgt += t
        return Batch(pad_to_batch(got_src), pad_to_batch(got_tgt))


class FixedShapeStream:
    """Every batch `tokens // length` sentences of exactly `length` ids per side, uniform over the
    vocabulary's words, no padding, no EOS: the same shape every step."""

    def __init__(self, vocab: int, tokens: int, length: int, seed: int):
        self.vocab, self.length, self.seed = vocab, length, seed
        self.sentences = tokens // length

    def batch(self, key: list[int]) -> Batch:
        rng = np.random.default_rng([self.seed, 0xF1, *key])
        shape = (self.sentences, self.length)
        return Batch(rng.integers(2, self.vocab, shape), rng.integers(2, self.vocab, shape))


class TextStream:
    """Parallel text files encoded with SentencePiece, bucketed once, reshuffled every epoch."""

    def __init__(
        self, pairs: list[tuple[np.ndarray, np.ndarray]], tokens: int, max_length: int, seed: int
    ):
        bounds = bucket_boundaries(max_length)
        maxs = np.array([*bounds, max_length + 1])
        buckets: dict[int, list[int]] = {}
        for i, (s, t) in enumerate(pairs):
            length = max(len(s), len(t))
            if length <= max_length:
                buckets.setdefault(int(np.searchsorted(maxs, length, side="right")), []).append(i)
        self.batches: list[list[int]] = []
        for k, members in sorted(buckets.items()):
            size = max(1, tokens // int(maxs[k]))
            self.batches += [members[j : j + size] for j in range(0, len(members), size)]
        if not self.batches:
            raise ValueError("no sentence pair fits the batch")
        self.pairs, self.seed = pairs, seed

    def batch(self, key: list[int]) -> Batch:
        *prefix, step = key
        epoch, pos = divmod(step - 1, len(self.batches))
        order = np.random.default_rng([self.seed, *prefix, epoch]).permutation(len(self.batches))
        members = self.batches[order[pos]]
        return Batch(
            pad_to_batch([self.pairs[i][0] for i in members]),
            pad_to_batch([self.pairs[i][1] for i in members]),
        )


def load_text_pairs(
    cfg: PointConfig, vocab: int, shard: tuple[int, int] | None, spm_model: str
) -> list[tuple[np.ndarray, np.ndarray]]:
    import sentencepiece as spm  # only the text source needs it

    proc = spm.SentencePieceProcessor(model_file=spm_model)
    src_lines = Path(cfg.data.source).read_text(encoding="utf-8").splitlines()
    tgt_lines = Path(cfg.data.target).read_text(encoding="utf-8").splitlines()
    if len(src_lines) != len(tgt_lines):
        raise ValueError(
            f"{cfg.data.source} has {len(src_lines)} lines but {cfg.data.target} has "
            f"{len(tgt_lines)}: parallel files must align line by line"
        )
    pairs = []
    for i, (s, t) in enumerate(zip(src_lines, tgt_lines, strict=True)):
        if shard is not None and i % shard[1] != shard[0]:
            continue
        # Ids are shifted by one: SentencePiece's 0/1 are <unk>/<s>; ours are pad/EOS.
        s_ids = [min(x + 1, vocab - 1) for x in proc.encode(s)] + [EOS]
        t_ids = [min(x + 1, vocab - 1) for x in proc.encode(t)] + [EOS]
        pairs.append((np.array(s_ids, np.int64), np.array(t_ids, np.int64)))
    return pairs


def train_spm(cfg: PointConfig, vocab: int, out_dir: Path) -> str:
    """Train a SentencePiece model on both sides (only rank 0 calls this)."""
    import sentencepiece as spm

    out_dir.mkdir(parents=True, exist_ok=True)
    prefix = out_dir / f"spm{vocab}"
    spm.SentencePieceTrainer.train(
        input=[cfg.data.source, cfg.data.target],
        model_prefix=str(prefix),
        vocab_size=vocab - 1,
        hard_vocab_limit=False,
        model_type="unigram",
        character_coverage=1.0,
        minloglevel=2,
    )
    return str(prefix) + ".model"


class WorkerBatches:
    """The batch a given worker trains on at a given step, for weak or strong scaling."""

    def __init__(self, cfg: PointConfig, rank: int, size: int, text_pairs=None):
        model = cfg.model.resolved()
        vocab, max_length = int(model["vocab"]), int(model["max_length"])
        self.rank, self.size, self.mode = rank, size, cfg.mode
        tokens = cfg.tokens_per_worker if cfg.mode == "weak" else cfg.global_batch_tokens
        assert tokens is not None
        if cfg.data.kind == "text":
            self.stream = TextStream(text_pairs, tokens, max_length, cfg.seed)
        elif cfg.data.kind == "fixed":
            self.stream = FixedShapeStream(vocab, tokens, cfg.data.fixed_length, cfg.seed)
        else:
            if cfg.data.kind == "synthetic":
                sampler: PairSampler = SyntheticPairs(vocab, max_length, cfg.data.zipf_exponent)
            else:
                sampler = TranslatePairs(
                    vocab, cfg.data.task_vocab, cfg.data.task_max_length, cfg.seed
                )
                max_length = min(max_length, cfg.data.task_max_length + 1)
            self.stream = BucketedStream(sampler, tokens, max_length, cfg.seed)

    def global_batch(self, step: int) -> Batch:
        return self.stream.batch([step])

    def batch(self, step: int) -> tuple[Batch, float]:
        """This worker's batch and the factor that turns its summed token loss into its share
        of the loss whose gradient Horovod's average makes global: 1 / own target tokens for
        weak scaling (the official per-worker mean); N / global target tokens for strong
        scaling, so the step is the same mathematics whatever N is."""
        if self.mode == "weak":
            mine = self.stream.batch([self.rank, step])
            return mine, 1.0 / max(mine.tgt_tokens, 1)
        whole = self.global_batch(step)
        if whole.sentences < self.size:
            raise ValueError(
                f"step {step}: the global batch has {whole.sentences} sentences, "
                f"fewer than the {self.size} workers; raise global_batch_tokens"
            )
        return split_rows(whole, self.size)[self.rank], self.size / max(whole.tgt_tokens, 1)


def rank_batches(cfg: PointConfig, rank: int, size: int, text_pairs=None) -> WorkerBatches:
    """The batches rank `rank` of `size` trains on: its own, or in a data x model mesh its
    model group's, which the group's M ranks all read: M x tokens_per_worker tokens (weak), or
    the group's share of the global batch among the N / M groups (strong)."""
    m = cfg.mesh.model
    if m == 1:
        return WorkerBatches(cfg, rank, size, text_pairs)
    where = mesh_layout.Position.of(rank, size, m)
    data_cfg = cfg
    if cfg.mode == "weak":
        data_cfg = cfg.model_copy(update={"tokens_per_worker": cfg.tokens_per_worker * m})
    return WorkerBatches(data_cfg, where.group, where.groups, text_pairs)
