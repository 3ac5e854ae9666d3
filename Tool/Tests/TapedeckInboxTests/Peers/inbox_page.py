"""The inbox's page in headless Chromium (Debian's, through Playwright's executable_path), as a
team member reads it: the login form, the groups with the chart, a group, a report, its session
report and its tape.

Usage: inbox_page.py URL READ_TOKEN [--screenshot OUT.png]

Prints one JSON object with what each page showed, every console error or warning and every
page error.
"""
import asyncio
import json
import shutil
import sys

from playwright.async_api import async_playwright


async def main():
    url, token = sys.argv[1], sys.argv[2]
    screenshot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    seen = {"console": [], "errors": []}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        page = await browser.new_page(viewport={"width": 1200, "height": 900})
        page.on("console", lambda message: message.type in ("error", "warning")
                and seen["console"].append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: seen["errors"].append(str(error)))

        first = await page.goto(url)
        seen["anonymousStatus"] = first.status
        seen["loginForm"] = await page.locator("form[action='/login'] input[name=token]").count()
        await page.fill("input[name=token]", "not-the-token-at-all")
        await page.click("button[type=submit]")
        seen["wrongTokenMessage"] = await page.locator(".error").inner_text()
        await page.fill("input[name=token]", token)
        await page.click("button[type=submit]")
        await page.wait_for_selector("#groups")
        seen["groupsURL"] = page.url
        seen["queue"] = await page.locator(".queue").inner_text()
        seen["groups"] = await page.eval_on_selector_all(
            "tr.group", "rows => rows.map(r => [r.cells[0].innerText, r.cells[1].innerText, r.cells[2].innerText])")
        seen["bars"] = await page.eval_on_selector_all(
            ".chart rect.bar", "bars => bars.map(b => Number(b.dataset.count))")
        if screenshot:
            await page.screenshot(path=screenshot, full_page=True)

        await page.click("tr.group a")
        await page.wait_for_selector("#reports")
        seen["groupSignature"] = await page.locator("h1.signature").inner_text()
        seen["groupReports"] = await page.locator("tr.report").count()
        seen["shrunkLink"] = await page.locator("a[href$='shrunk.tape']").count()

        await page.click("tr.report a")
        await page.wait_for_selector("dl")
        seen["reportHeading"] = await page.locator("h1").inner_text()
        seen["reportSignature"] = await page.locator("a.signature").inner_text()
        async with page.expect_download() as download:
            await page.click("a[href$='/tape']")
        seen["downloadName"] = (await download.value).suggested_filename
        session = await page.goto(page.url + "/report.html")
        seen["sessionReportStatus"] = session.status
        await page.wait_for_function("document.documentElement.dataset.reportReady === '1'")
        seen["sessionReportErrors"] = await page.evaluate("document.documentElement.dataset.jsErrors")
        await browser.close()
    print(json.dumps(seen))


asyncio.run(main())
