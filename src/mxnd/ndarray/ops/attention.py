"""Neural-network operators of the attention family (issue 5); the table is declared with registry.declare.

The four ``_contrib_interleaved_matmul_*`` operators of MXNet's transformer.cc: batched
products of the per-head projections of multi-head attention, stored interleaved along the
last axis. Layouts (``S``/``Q``/``K`` sequence lengths, ``B`` batch, ``H`` heads, ``D``
head_dim):

* ``queries_keys_values`` (S, B, H * 3 * D): per head, the D queries, then keys, then values;
* ``queries`` (Q, B, H * D); ``keys_values`` (K, B, H * 2 * D): per head, keys then values;
* ``attention`` (B * H, rows, cols), batch-major (index ``b * H + h``).

The ``_qk`` operators scale the queries by ``1 / sqrt(D)``. MXNet's shape rules and messages
are kept. Deliberate differences: MXNet runs float32 only on CPU; mxnd also accepts float64
(and float16 on GPU, as MXNet's GPU kernel). MXNet does not check that ``heads`` divides the
projection width, nor (for the ``_valatt`` operators) every width/batch relation, and then
reads memory with a wrong stride; mxnd raises ValueError instead.
"""
from __future__ import annotations

import math

import torch

from ...params import parse_int
from ...registry import OpSpec, Param, declare

_HEADS_DOC = "Set number of heads"


def _require_dtype(*tensors):
    for tensor in tensors:
        ok = tensor.dtype in (torch.float32, torch.float64) or (tensor.dtype is torch.float16 and tensor.is_cuda)
        if not ok:
            raise TypeError(f"Only FP32 (and FP64 in mxnd) is supported on CPU at the moment, got {tensor.dtype}")


def _require_3d(tensor, what, layout):
    if tensor.dim() != 3:
        raise ValueError(f"Input {what} should be 3D in {layout}, currently is: {tensor.dim()}D")
    if 0 in tensor.shape:
        raise ValueError(f"Input {what} has an unknown (zero) dimension: {tuple(tensor.shape)}")


def _head_dim(width, heads, parts, what):
    if heads < 1:
        raise ValueError(f"heads must be positive, got {heads}")
    if width % parts:
        raise ValueError(f"{what}.shape[2] should be a multiple of {parts}, currently is {width}")
    if (width // parts) % heads:
        raise ValueError(f"{what}.shape[2] ({width}) should be a multiple of {parts} * heads ({parts * heads})")
    return width // parts // heads


def _split(tensor, heads, parts):
    """(L, B, H*parts*D) -> (parts, B*H, L, D) views: one (B*H, L, D) stack per projection."""
    length, batch, width = tensor.shape
    dim = width // parts // heads
    return tensor.reshape(length, batch, heads, parts, dim).permute(3, 1, 2, 0, 4).reshape(
        parts, batch * heads, length, dim)


def _merge(output, heads):
    """(B*H, L, D) -> (L, B, H*D)."""
    bh, length, dim = output.shape
    return output.reshape(bh // heads, heads, length, dim).permute(2, 0, 1, 3).reshape(
        length, bh // heads, heads * dim)


def _scale(dim):
    return 1.0 / math.sqrt(dim)


def _selfatt_qk(queries_keys_values, *, heads):
    qkv = queries_keys_values
    _require_3d(qkv, "queries_keys_values", "seq_length-batch-proj_dim")
    _require_dtype(qkv)
    dim = _head_dim(qkv.shape[2], heads, 3, "queries_keys_values")
    parts = _split(qkv, heads, 3)
    return torch.bmm(parts[0] * _scale(dim), parts[1].transpose(1, 2))


def _selfatt_valatt(queries_keys_values, attention, *, heads):
    qkv = queries_keys_values
    _require_3d(qkv, "queries_keys_values", "seq_length-batch-proj_dim")
    _require_3d(attention, "attention", "batch-seq_length-seq_length")
    _require_dtype(qkv, attention)
    if qkv.shape[2] % 3:
        raise ValueError(f"queries_keys_values.shape[2] should be a multiple of 3, currently is {qkv.shape[2]}")
    if qkv.shape[0] != attention.shape[2]:
        raise ValueError("queries_keys_values.shape[0] and attention.shape[2] should be the same, "
                         f"currently are {qkv.shape[0]} and {attention.shape[2]}")
    _head_dim(qkv.shape[2], heads, 3, "queries_keys_values")
    if attention.shape[0] != qkv.shape[1] * heads or attention.shape[1] != qkv.shape[0]:
        raise ValueError(f"attention should have shape ({qkv.shape[1] * heads}, {qkv.shape[0]}, {qkv.shape[0]}) "
                         f"(batch * heads, seq_length, seq_length), currently is {tuple(attention.shape)}")
    values = _split(qkv, heads, 3)[2]
    return _merge(torch.bmm(attention, values), heads)


def _encdec_qk(queries, keys_values, *, heads):
    _require_3d(queries, "queries", "seq_length-batch-proj_dim")
    _require_3d(keys_values, "keys_values", "seq_length-batch-2*proj_dim")
    _require_dtype(queries, keys_values)
    if queries.shape[2] * 2 != keys_values.shape[2]:
        raise ValueError("keys_values.shape[2] should be equal to queries.shape[2] * 2, currently are: "
                         f"{keys_values.shape[2]} and {queries.shape[2]}")
    if queries.shape[1] != keys_values.shape[1]:
        raise ValueError("queries.shape[1] should be equal to keys_values.shape[1], currently are: "
                         f"{queries.shape[1]} and {keys_values.shape[1]}")
    dim = _head_dim(queries.shape[2], heads, 1, "queries")
    query = _split(queries, heads, 1)[0]
    keys = _split(keys_values, heads, 2)[0]
    return torch.bmm(query * _scale(dim), keys.transpose(1, 2))


def _encdec_valatt(keys_values, attention, *, heads):
    _require_3d(keys_values, "keys_values", "seq_length-batch-2*proj_dim")
    _require_3d(attention, "attention", "batch-seq_length-seq_length")
    _require_dtype(keys_values, attention)
    if keys_values.shape[0] != attention.shape[2]:
        raise ValueError("keys_values.shape[0] should be equal to attention.shape[2], currently are "
                         f"{keys_values.shape[0]} and {attention.shape[2]}")
    if keys_values.shape[1] * heads != attention.shape[0]:
        raise ValueError("attention.shape[0] should be equal to keys_values.shape[1] * heads, currently are: "
                         f"{attention.shape[0]} and {keys_values.shape[1] * heads}")
    _head_dim(keys_values.shape[2], heads, 2, "keys_values")
    values = _split(keys_values, heads, 2)[1]
    return _merge(torch.bmm(attention, values), heads)


def _heads():
    return (Param("heads", parse_int, doc=_HEADS_DOC),)


ATTENTION_OPS = declare([
    OpSpec("_contrib_interleaved_matmul_selfatt_qk", _selfatt_qk, inputs=("queries_keys_values",),
           params=_heads(), differentiable=True, family="attention", no_bool=True,
           doc="Self-attention scores: (batch*heads, seq, seq) products of the queries, scaled by "
               "1/sqrt(head_dim), with the keys of interleaved queries_keys_values "
               "(seq_length, batch, heads*3*head_dim)."),
    OpSpec("_contrib_interleaved_matmul_selfatt_valatt", _selfatt_valatt,
           inputs=("queries_keys_values", "attention"), params=_heads(), differentiable=True,
           family="attention", same_dtype=True, no_bool=True,
           doc="Self-attention output: the attention weights (batch*heads, seq, seq) times the values of "
               "interleaved queries_keys_values, laid out as (seq_length, batch, heads*head_dim)."),
    OpSpec("_contrib_interleaved_matmul_encdec_qk", _encdec_qk, inputs=("queries", "keys_values"),
           params=_heads(), differentiable=True, family="attention", same_dtype=True, no_bool=True,
           doc="Encoder-decoder attention scores: (batch*heads, q_len, kv_len) products of the queries "
               "(q_len, batch, heads*head_dim), scaled by 1/sqrt(head_dim), with the keys of interleaved "
               "keys_values (kv_len, batch, heads*2*head_dim)."),
    OpSpec("_contrib_interleaved_matmul_encdec_valatt", _encdec_valatt, inputs=("keys_values", "attention"),
           params=_heads(), differentiable=True, family="attention", same_dtype=True, no_bool=True,
           doc="Encoder-decoder attention output: the attention weights (batch*heads, q_len, kv_len) times "
               "the values of interleaved keys_values, laid out as (q_len, batch, heads*head_dim)."),
])
