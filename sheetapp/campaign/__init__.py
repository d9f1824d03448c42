"""Shared campaigns: a GM's host and the players' machines keep the same sheets.

Pure Python (asyncio, pycrdt, websockets, cryptography, zeroconf); no Qt, no ReportLab.
Every machine keeps its full library and works offline; sharing merges Yjs documents
(``pycrdt``) synced through ``pycrdt-websocket`` rooms over TLS. The host enforces who may
read and write each document. See docs/campaigns.md.
"""
