"""Models and viewsets for the flows of each seed library's README, under /api/<seed>/ (see urls.py).

Every endpoint here keeps each test's objects apart by the `X-Group` request header, logs the request for
`GET /api/requests/` (common.py) and answers after `X-Delay` seconds when a test asks for a slow answer.
"""
