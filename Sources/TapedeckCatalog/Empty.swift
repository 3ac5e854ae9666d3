// placeholder during bring-up
