"""Valid sample calls for the creation family: {operator name: ([input shapes], {keyword arguments})}.

The no-input operators take their shape (or range) from parameters. ``_set_value`` writes only
into ``out=`` (MXNet raises without one), so its sample call brings the target array.
"""
import mxnd as mx

SAMPLES = {
    "_zeros": ([], {"shape": (2, 3)}),
    "_ones": ([], {"shape": (2, 3), "dtype": "int32"}),
    "_full": ([], {"shape": (2, 3), "value": 2.5}),
    "_arange": ([], {"start": 1.0, "stop": 7.0, "step": 2.0, "repeat": 2}),
    "_linspace": ([], {"start": 0.0, "stop": 1.0, "num": 5}),
    "_eye": ([], {"N": 2, "M": 3, "k": 1}),
    "_set_value": ([], {"src": 4.0, "out": mx.nd.zeros((2, 3))}),
}
