"""The seeds' endpoints: /api/requests/ and one folder per seed library."""
from django.urls import include, path

from . import apimodel, crude_futures, iservice, raccoon
from .common import logged_requests

MODELS = crude_futures.MODELS + iservice.MODELS + raccoon.MODELS + apimodel.MODELS

urlpatterns = [
    path("requests/", logged_requests, name="logged-requests"),
    path("crude/", include(crude_futures.urlpatterns)),
    path("iservice/", include(iservice.urlpatterns)),
    path("raccoon/", include(raccoon.urlpatterns)),
    path("apimodel/", include(apimodel.urlpatterns)),
]
