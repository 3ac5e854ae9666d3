import BaoLifeDecoders

// One run: the app's parsing before and after the refactor, and the baselines, on the same messages.
let payloads = try BaoLifeDecoders.corpus()
print("BaoLife example: server messages of \(BaoLifeDecoders.recordings.path) (x20)")
print(BaoLifeDecoders.throughput(payloads).run().text)
