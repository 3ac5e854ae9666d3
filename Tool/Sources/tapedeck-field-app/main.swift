import Foundation

// The field app of the inbox's end-to-end test (issue 52): many installs of an app that uses
// TapedeckRecorder as an app would, each sending its reports to a collector. Prints one JSON
// object: each client's sealed report ids, its duplicates and deliveries.
//
// Usage: tapedeck-field-app --folder DIR --token TOKEN --collector URL [--collector URL2]
//        [--clients 50] [--reports 18] [--duplicates 2] [--buggy-clients 25] [--seconds 600]
// Client i sends to the collectors in turn (i mod their count); the first --buggy-clients run
// build 2.0, whose claim has the planted decode bug.

let options = FieldAppOptions(CommandLine.arguments.dropFirst())
guard let folder = options.text("folder"), let token = options.text("token"), !options.all("collector").isEmpty else {
    FileHandle.standardError.write(Data("usage: tapedeck-field-app --folder DIR --token TOKEN --collector URL...\n".utf8))
    exit(2)
}
let collectors = options.all("collector")
let clients = FieldAppOptions.run(
    (0..<options.number("clients", 50)).map { index in
        FieldClient(
            index: index, folder: "\(folder)/client-\(index)", collector: collectors[index % collectors.count], token: token,
            buggy: index < options.number("buggy-clients", options.number("clients", 50) / 2),
            reports: options.number("reports", 18), duplicates: options.number("duplicates", 2))
    }, deadline: Date().addingTimeInterval(Double(options.number("seconds", 600))))
FileHandle.standardOutput.write(clients.json)
exit(clients.failures.isEmpty ? 0 : 1)
