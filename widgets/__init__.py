"""The card table (anywidget) and the Pillow renderer."""
