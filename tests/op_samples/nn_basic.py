"""Valid sample calls for the nn_basic family: {operator name: ([input shapes], {keyword arguments})}."""

SAMPLES = {
    # bias is optional (no_bias); with bias the keyword-input test could not name it (it is a param here)
    "FullyConnected": ([(2, 3), (4, 3)], {"num_hidden": 4, "no_bias": True}),
    "Activation": ([(2, 3)], {"act_type": "tanh"}),
    "Embedding": ([(2, 3), (4, 5)], {"input_dim": 4, "output_dim": 5}),
}

# negative inputs reach the leaky branch (kinks at 0 are far from the sampled values)
GRAD_DOMAIN = {"LeakyReLU": (-1.5, 1.5)}
