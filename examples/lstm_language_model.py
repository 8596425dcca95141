"""An LSTM language-model training loop on synthetic token data with mx.nd.RNN (MXNet 1.x style).

Embedding -> 2-layer LSTM (the fused RNN operator with MXNet's flat parameter vector) ->
FullyConnected -> softmax cross-entropy, trained with Adam (mx.nd.adam_update, in place). The synthetic corpus repeats a
fixed token cycle, so the loss drops quickly.
Run: python examples/lstm_language_model.py [--steps 30] [--vocab 50] [--hidden 64] [--ctx gpu]
"""
import argparse

import numpy as np

import mxnd as mx


def rnn_param_size(layers, inputs, hidden, gates=4):
    first = gates * hidden * (inputs + hidden + 2)
    return first + (layers - 1) * gates * hidden * (hidden + hidden + 2)


def main(steps=30, vocab=50, embed=32, hidden=64, layers=2, seq_len=20, batch=16, lr=0.01):
    mx.random.seed(0)
    rng = np.random.RandomState(0)
    corpus = np.tile(rng.permutation(vocab), 200)            # a repeating token cycle
    params = {
        "embed": mx.nd.random.uniform(-0.1, 0.1, shape=(vocab, embed)),
        "rnn": mx.nd.random.uniform(-0.1, 0.1, shape=(rnn_param_size(layers, embed, hidden),)),
        "out_w": mx.nd.random.uniform(-0.1, 0.1, shape=(vocab, hidden)),
        "out_b": mx.nd.zeros((vocab,)),
    }
    states = {}
    for name, p in params.items():
        p.attach_grad()
        states[name] = (mx.nd.zeros(p.shape), mx.nd.zeros(p.shape))  # Adam's mean and variance
    losses = []
    for step in range(steps):
        starts = rng.randint(0, len(corpus) - seq_len - 1, size=batch)
        tokens = np.stack([corpus[s:s + seq_len + 1] for s in starts], axis=1)  # (T+1, N)
        data, label = mx.nd.array(tokens[:-1]), mx.nd.array(tokens[1:])
        state = mx.nd.zeros((layers, batch, hidden))
        cell = mx.nd.zeros((layers, batch, hidden))
        with mx.autograd.record():
            x = mx.nd.Embedding(data, params["embed"], input_dim=vocab, output_dim=embed)
            h = mx.nd.RNN(x, params["rnn"], state, cell, state_size=hidden, num_layers=layers, mode="lstm")
            logits = mx.nd.FullyConnected(h.reshape((-1, hidden)), params["out_w"], params["out_b"],
                                          num_hidden=vocab)
            loss = mx.nd.softmax_cross_entropy(logits, label.reshape((-1,))) / (seq_len * batch)
        loss.backward()
        for name, p in params.items():
            mean, var = states[name]
            mx.nd.adam_update(p, p.grad, mean, var, lr=lr, clip_gradient=5.0, out=p)
        losses.append(loss.asscalar())
        if step % 10 == 0 or step == steps - 1:
            print(f"step {step:3d}  loss per token {losses[-1]:.4f}  perplexity {np.exp(losses[-1]):.2f}")
    return losses


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--vocab", type=int, default=50)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--ctx", choices=("cpu", "gpu"), default="cpu", help="device of the arrays")
    args = parser.parse_args()
    with mx.Context(args.ctx, 0):  # the default context of every array created in main
        main(args.steps, args.vocab, hidden=args.hidden)
