// Keeps the page's own files so it opens without the host; the data it last saw is kept
// by the page itself (localStorage). Browsers run this only where they trust the host's
// certificate; where they do not, the open page still shows what it last saw.
const CACHE = "sheetapp-phone-1";
const FILES = ["/", "/app.js", "/style.css", "/manifest.webmanifest", "/icon.svg"];
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.pathname.startsWith("/api/")) return;
  event.respondWith(
    fetch(event.request)
      .then((answer) => {
        const copy = answer.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        return answer;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true }))
  );
});
