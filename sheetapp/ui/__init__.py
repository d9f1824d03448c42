"""The Qt desktop app. Everything that imports Qt lives under this package."""
