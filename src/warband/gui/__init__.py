"""The Qt window (Army builder, Turn tracker, Resolver). Built on top of `warband.export` and `warband.model`."""
