"""Trains the engine's network evaluation (src/ai/net) from features files that
`reversi net features` writes, and exports the quantised weights the engine reads.

    train/run FEATURES... --out net.bin [--epochs N] [--hidden 16] [--hidden2 16] [--buckets 8]

The positions of --held-out files, or else the last --holdout share of the positions (they come
shuffled), are kept out of training; the error on them is printed after every epoch, by stage of
ten discs. On the CPU by default; on a CUDA GPU
when one is present (--device to choose). Writes OUT (the network), OUT.gz, and OUT.check: a sample
of held-out positions with the quantised model's outputs, which `reversi net verify OUT OUT.check`
compares with the engine's integer inference (run here when --engine names a binary).
"""

import argparse
import gzip
import math
import os
import struct
import subprocess
import sys
import time

import numpy as np
import torch
from torch import nn

FEATURES_MAGIC = b"RVNFEAT1"
NET_MAGIC = b"RVNET001"
LINEAR = 4
ONE = 256
WEIGHT_ONE = 64


def record_dtype(reads):
    return np.dtype([
        ("player", "<u8"), ("opponent", "<u8"), ("rows", "<u4", (reads,)),
        ("lin", "i1", (LINEAR,)), ("discs", "u1"), ("label", "i1"),
    ])


def read_features(paths):
    """Every position of the features files, as one structured array; and the table's rows."""
    parts, shape = [], None
    for path in paths:
        with open(path, "rb") as f:
            header = f.read(16)
            if len(header) < 16 or header[:8] != FEATURES_MAGIC:
                sys.exit(f"{path}: not a features file of this version (reversi net features)")
            reads, rows = struct.unpack("<II", header[8:])
            if shape not in (None, (reads, rows)):
                sys.exit(f"{path}: features of another layout than the first file's")
            shape = (reads, rows)
            dtype = record_dtype(reads)
            size = os.path.getsize(path) - 16
            if size % dtype.itemsize:
                sys.exit(f"{path}: cut short ({size} bytes of records of {dtype.itemsize})")
            parts.append(np.fromfile(f, dtype=dtype))
    return np.concatenate(parts), shape[1]


def bucket(discs, buckets):
    """The stage bucket of each disc count (as src/ai/net's `bucket`)."""
    return np.minimum(np.maximum(discs.astype(np.int64) - 4, 0) * buckets // 61, buckets - 1)


class Net(nn.Module):
    """The float model: a summed table (CReLU), a dense CReLU layer and an output per bucket."""

    def __init__(self, rows, hidden, hidden2, buckets):
        super().__init__()
        self.buckets = buckets
        self.embed = nn.EmbeddingBag(rows, hidden, mode="sum", sparse=True)
        nn.init.normal_(self.embed.weight, 0.0, 0.02)
        self.bias0 = nn.Parameter(torch.full((hidden,), 0.5))
        inputs = hidden + LINEAR
        self.w1 = nn.Parameter(torch.randn(buckets, hidden2, inputs) / math.sqrt(inputs))
        self.b1 = nn.Parameter(torch.full((buckets, hidden2), 0.1))
        self.w2 = nn.Parameter(torch.randn(buckets, hidden2) * 4.0 / math.sqrt(hidden2))
        self.b2 = nn.Parameter(torch.zeros(buckets))

    def forward(self, rows, lin, b):
        acc = (self.embed(rows) + self.bias0).clamp(0.0, 1.0)
        x = torch.cat([acc, lin / 16.0], dim=1)
        z = torch.bmm(self.w1[b], x.unsqueeze(2)).squeeze(2) + self.b1[b]
        return (self.w2[b] * z.clamp(0.0, 1.0)).sum(1) + self.b2[b]


def tensors(data, index, buckets, device):
    part = data[index]
    rows = torch.from_numpy(part["rows"].astype(np.int64)).to(device)
    lin = torch.from_numpy(part["lin"].astype(np.float32)).to(device)
    b = torch.from_numpy(bucket(part["discs"], buckets)).to(device)
    label = torch.from_numpy(part["label"].astype(np.float32)).to(device)
    return rows, lin, b, label


def errors(model, data, index, buckets, device, batch=65536):
    """Root mean square error in discs, overall and by stage of ten discs."""
    model.eval()
    sq = np.zeros(6)
    n = np.zeros(6)
    with torch.no_grad():
        for at in range(0, len(index), batch):
            part = index[at:at + batch]
            rows, lin, b, label = tensors(data, part, buckets, device)
            error = (model(rows, lin, b) - label).cpu().numpy().astype(np.float64)
            stage = np.minimum((data["discs"][part].astype(np.int64) - 4) // 10, 5)
            np.add.at(sq, stage, error * error)
            np.add.at(n, stage, 1)
    model.train()
    total = math.sqrt(sq.sum() / max(n.sum(), 1))
    return total, [math.sqrt(s / c) if c else float("nan") for s, c in zip(sq, n)]


def quantise(model):
    """The integer weights the engine reads."""
    def q(t, scale, dtype):
        info = np.iinfo(dtype)
        return np.clip(np.rint(t.detach().cpu().double().numpy() * scale), info.min + 1, info.max).astype(dtype)
    return {
        "embed": q(model.embed.weight, ONE, np.int16),
        "bias0": q(model.bias0, ONE, np.int32),
        "w1": q(model.w1, WEIGHT_ONE, np.int16),
        "b1": q(model.b1, ONE * WEIGHT_ONE, np.int32),
        "w2": q(model.w2, WEIGHT_ONE, np.int16),
        "b2": q(model.b2, ONE * WEIGHT_ONE, np.int32),
    }


def quantised_outputs(qw, part, buckets):
    """The quantised model in float64 (what the engine's integers stand for), in discs."""
    acc = (qw["bias0"] + qw["embed"][part["rows"].astype(np.int64)].astype(np.float64).sum(1)) / ONE
    x = np.concatenate([np.clip(acc, 0, 1), part["lin"].astype(np.float64) / 16.0], axis=1)
    b = bucket(part["discs"], buckets)
    z = np.einsum("nij,nj->ni", qw["w1"][b] / WEIGHT_ONE, x) + qw["b1"][b] / (ONE * WEIGHT_ONE)
    return (qw["w2"][b] / WEIGHT_ONE * np.clip(z, 0, 1)).sum(1) + qw["b2"][b] / (ONE * WEIGHT_ONE)


def export(qw, rows, hidden, hidden2, buckets, out):
    with open(out, "wb") as f:
        f.write(NET_MAGIC)
        f.write(struct.pack("<IIII", hidden, hidden2, buckets, rows))
        for name, dtype in [("embed", "<i2"), ("bias0", "<i4"), ("w1", "<i2"),
                            ("b1", "<i4"), ("w2", "<i2"), ("b2", "<i4")]:
            f.write(qw[name].astype(dtype).tobytes(order="C"))
    with open(out, "rb") as f, gzip.open(out + ".gz", "wb", compresslevel=9) as g:
        g.write(f.read())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("features", nargs="+", help="features files (reversi net features)")
    parser.add_argument("--out", required=True, help="the network to write")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--hidden", type=int, default=16, help="the accumulator's width (a multiple of 16)")
    parser.add_argument("--hidden2", type=int, default=16, help="the dense layer's width")
    parser.add_argument("--buckets", type=int, default=8, help="stage buckets of the dense layers")
    parser.add_argument("--batch", type=int, default=4096)
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--holdout", type=float, default=0.05,
                        help="the share of positions held out (the last ones), without --held-out")
    parser.add_argument("--held-out", nargs="+", default=[], metavar="FILE",
                        help="features files held out instead (never trained on)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--engine", help="a reversi binary: run `net verify` on the export")
    args = parser.parse_args()
    if args.hidden % 16 or not 16 <= args.hidden <= 64 or not 1 <= args.hidden2 <= 64:
        sys.exit("--hidden: 16, 32, 48 or 64; --hidden2: 1 to 64")

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    device = torch.device(args.device)
    data, rows = read_features(args.features + args.held_out)
    n = len(data)
    if args.held_out:
        held = len(read_features(args.held_out)[0])
    else:
        held = max(1, int(n * args.holdout))
    train_index = np.arange(n - held)
    held_index = np.arange(n - held, n)
    print(f"{n} positions ({len(train_index)} to train, {held} held out), {rows} rows; "
          f"network {rows}×{args.hidden} → {args.hidden2} → 1, {args.buckets} buckets; on {device}", flush=True)

    model = Net(rows, args.hidden, args.hidden2, args.buckets).to(device)
    sparse = torch.optim.SparseAdam(list(model.embed.parameters()), lr=args.lr)
    dense = torch.optim.Adam([model.bias0, model.w1, model.b1, model.w2, model.b2], lr=args.lr)
    rng = np.random.default_rng(args.seed)
    steps_per_epoch = math.ceil(len(train_index) / args.batch)
    total_steps = steps_per_epoch * args.epochs
    started = time.time()
    step = 0
    for epoch in range(1, args.epochs + 1):
        # Cosine decay of the learning rate from --lr to a twentieth of it.
        order = rng.permutation(train_index)
        seen, loss_sum = 0, 0.0
        for at in range(0, len(order), args.batch):
            lr = args.lr * (0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * step / total_steps)))
            for opt in (sparse, dense):
                for group in opt.param_groups:
                    group["lr"] = lr
            part = np.sort(order[at:at + args.batch])
            rows_t, lin, b, label = tensors(data, part, args.buckets, device)
            loss = ((model(rows_t, lin, b) - label) ** 2).mean()
            sparse.zero_grad()
            dense.zero_grad()
            loss.backward()
            sparse.step()
            dense.step()
            step += 1
            seen += len(part)
            loss_sum += loss.item() * len(part)
            if step % 200 == 0:
                elapsed = time.time() - started
                rate = step * args.batch / elapsed
                eta = (total_steps - step) * elapsed / step
                print(f"  epoch {epoch}/{args.epochs}: {seen}/{len(order)} positions, "
                      f"{rate:,.0f} positions/s, rms {math.sqrt(loss_sum / seen):.2f}, "
                      f"ETA {eta / 60:.1f} min", flush=True)
        total, stages = errors(model, data, held_index, args.buckets, device)
        print(f"epoch {epoch}: training rms {math.sqrt(loss_sum / max(seen, 1)):.3f}, held-out rms "
              f"{total:.3f} (by ten discs from 4: {' '.join(f'{s:.2f}' for s in stages)}); "
              f"{(time.time() - started) / 60:.1f} min", flush=True)

    qw = quantise(model)
    export(qw, rows, args.hidden, args.hidden2, args.buckets, args.out)
    sample = held_index[:: max(1, len(held_index) // 2000)]
    part = data[sample]
    outputs = quantised_outputs(qw, part, args.buckets)
    with open(args.out + ".check", "w") as f:
        for p, o, v in zip(part["player"], part["opponent"], outputs):
            f.write(f"{int(p):016x} {int(o):016x} {v:.6f}\n")
    with torch.no_grad():
        rows_t, lin, b, label = tensors(data, sample, args.buckets, device)
        model_out = model(rows_t, lin, b).cpu().numpy()
    loss = np.abs(model_out - outputs)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1e6:.2f} MB, "
          f"{os.path.getsize(args.out + '.gz') / 1e6:.2f} MB gzip) and {args.out}.check; "
          f"quantising moved the outputs by {loss.mean():.4f} discs on average, {loss.max():.4f} at most")
    if args.engine:
        result = subprocess.run([args.engine, "net", "verify", args.out, args.out + ".check"])
        sys.exit(result.returncode)


if __name__ == "__main__":
    main()
