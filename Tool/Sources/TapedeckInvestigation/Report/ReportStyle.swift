/// The page's stylesheet (inline: the page loads nothing).
enum ReportStyle {
    static let css = #"""
        :root { --fail: #c0392b; --ok: #1e8449; --warn: #b9770e; --muted: #666; --line: #ddd; }
        * { box-sizing: border-box; }
        body { font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; margin: 0 auto; padding: 16px 24px 48px; max-width: 1280px; color: #222; background: #fff; }
        h1 { font-size: 22px; margin: 4px 0 8px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; } h3 { font-size: 15px; margin: 16px 0 6px; }
        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
        pre { background: #f7f7f8; border: 1px solid #e4e4e7; border-radius: 4px; padding: 8px 10px; overflow: auto; max-height: 480px; margin: 4px 0; white-space: pre; }
        table { border-collapse: collapse; width: 100%; margin: 6px 0; }
        th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid #eee; vertical-align: top; }
        th { background: #f3f4f6; font-weight: 600; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .muted { color: var(--muted); } .warn { color: var(--warn); } .ok-text { color: var(--ok); }
        .badge { display: inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 10px; color: #fff; vertical-align: middle; }
        .badge.ok { background: var(--ok); } .badge.fail { background: var(--fail); } .badge.warn { background: var(--warn); }
        .del { color: #a4161a; background: #fde8e8; display: inline-block; min-width: 100%; }
        .ins { color: #14632d; background: #e6f6ea; display: inline-block; min-width: 100%; }
        tr.fail td { background: #fde8e8; } tr.bad td { color: var(--fail); } tr.focus td { outline: 2px solid var(--fail); }
        tr.note td { border-bottom: 1px solid var(--line); }
        td.summary { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12px; word-break: break-all; }
        td.summary summary { cursor: pointer; } td.summary pre { white-space: pre; word-break: normal; }
        nav { margin: 8px 0; } nav a { color: #1b5fa8; }
        figure { margin: 12px 0 18px; } figcaption { font-weight: 600; margin-bottom: 4px; }
        canvas.chart { width: 100%; height: 220px; display: block; border: 1px solid #e4e4e7; border-radius: 4px; }
        #filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 8px 0; }
        #type-filters { border: 1px solid var(--line); border-radius: 4px; padding: 4px 8px; display: flex; flex-wrap: wrap; gap: 2px 14px; }
        #type-filters label { white-space: nowrap; } .count { color: var(--muted); font-size: 12px; }
        .lanes { border: 1px solid #e4e4e7; border-radius: 4px; padding: 6px 8px; margin: 6px 0; }
        .lane { display: flex; align-items: center; height: 26px; }
        .lane-label { width: 190px; flex: none; font-size: 12.5px; }
        .lane-track { position: relative; flex: 1; height: 18px; background: #fafafa; }
        .lane-bar { position: absolute; top: 3px; height: 12px; border-radius: 3px; background: #1b83c5; }
        .lane-bar.dropped { background: var(--fail); } .lane-bar.refused { background: var(--warn); } .lane-bar.closed { background: #5b6b7a; }
        .lane-gap { position: absolute; top: 8px; height: 2px; border-top: 2px dashed #999; }
        .lane-end { position: absolute; top: 0; padding-left: 4px; font-size: 11.5px; white-space: nowrap; }
        .lane-end.dropped { color: var(--fail); } .lane-end.refused { color: var(--warn); }
        button { font: inherit; font-size: 12.5px; padding: 1px 8px; cursor: pointer; }
        """#
}
