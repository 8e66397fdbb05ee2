"""The web UI (Gradio). Importing any of its modules first sets what gradio and huggingface_hub
read when they are imported: no analytics, no Hugging Face calls."""

import os

os.environ["GRADIO_ANALYTICS_ENABLED"] = "False"
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_HUB_DISABLE_TELEMETRY"] = "1"
