"""What every seed's endpoints share: test groups, the request log and slow answers.

- `X-Group: <id>`: a test's objects and logged requests are its own; objects are created in the group.
- `X-Delay: <seconds>`: the server waits that long before answering (a request to pause or cancel).
- `GET /api/requests/` with the group's header: every request of the group so far, oldest first, as
  `{"method", "path", "status", "headers"}` (`status` is `null` while the request is being answered), so
  tests count what reached the server (cache policies) and see the headers that arrived.
"""
import threading
import time

from django.db import models
from django.http import JsonResponse
from rest_framework.authentication import BaseAuthentication


def group_of(request):
    """The test group of a request, `""` when it names none."""
    return request.headers.get("X-Group", "")


class GroupedModel(models.Model):
    """A model whose rows belong to one test group."""

    group = models.CharField(max_length=100, default="")

    class Meta:
        abstract = True
        app_label = "crudegen"


class Grouped:
    """A viewset mixin: lists and finds only the request's group's objects and creates them in it."""

    def get_queryset(self):
        return super().get_queryset().filter(group=group_of(self.request))

    def perform_create(self, serializer):
        serializer.save(group=group_of(self.request))


class Caller:
    """The user an authentication class below returns: DRF's `IsAuthenticated` only asks this."""

    is_authenticated = True


class HeaderAuthentication(BaseAuthentication):
    """Accepts requests whose `header` holds `value`; a wrong value is a 401, a missing one too when the
    view requires authentication (DRF answers 401 rather than 403 because `authenticate_header` names a
    scheme)."""

    header = ""
    value = ""
    scheme = ""

    def authenticate(self, request):
        from rest_framework.exceptions import AuthenticationFailed

        sent = request.headers.get(self.header)
        if sent is None:
            return None
        if sent != self.value:
            raise AuthenticationFailed("Invalid credentials.")
        return (Caller(), sent)

    def authenticate_header(self, request):
        return self.scheme


_log_lock = threading.Lock()
_log = {}


class RecordRequests:
    """Django middleware, outermost: logs each grouped request, then waits `X-Delay` seconds if asked."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        group = group_of(request)
        entry = None
        if group and request.path != "/api/requests/":
            entry = {
                "method": request.method,
                "path": request.get_full_path(),
                "status": None,
                "headers": {name.lower(): value for name, value in request.headers.items()},
            }
            with _log_lock:
                _log.setdefault(group, []).append(entry)
        delay = float(request.headers.get("X-Delay") or 0)
        if delay:
            time.sleep(min(delay, 600))
        response = self.get_response(request)
        if entry is not None:
            entry["status"] = response.status_code
        return response


def logged_requests(request):
    """`GET /api/requests/`: the requests of the caller's group."""
    with _log_lock:
        entries = [dict(entry) for entry in _log.get(group_of(request), [])]
    return JsonResponse(entries, safe=False)
