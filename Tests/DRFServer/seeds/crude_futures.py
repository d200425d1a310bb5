"""CRUDE-Futures (seed 001): Person and Household under /api/crude/.

Responses carry CRUDE's `objectKey`, `{"person": {...}}` (`{"people": [...]}` for lists), while request
bodies are DRF's plain objects; the person's id goes out as `id_Number`. Routes as the README overrides
them: `people/` (create, delete), `person/{id}/` (readPath), `household/people/{id}/` (updatePath, PUT
and PATCH) and `households/{householdID}/people/` (a dynamic enumeratePath). Lists are not paginated.
"""
from django.db import models
from django.urls import include, path
from rest_framework import routers, serializers, viewsets

from .common import Grouped, GroupedModel


class CrudeHousehold(GroupedModel):
    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)


class CrudePerson(GroupedModel):
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    favorite_color = models.CharField(max_length=20, null=True, blank=True)
    household = models.ForeignKey(CrudeHousehold, null=True, blank=True, on_delete=models.SET_NULL, related_name="people")


class PersonSerializer(serializers.ModelSerializer):
    id_Number = serializers.IntegerField(source="id", read_only=True)

    class Meta:
        model = CrudePerson
        fields = ["id_Number", "first_name", "last_name", "favorite_color", "household"]


class HouseholdSerializer(serializers.ModelSerializer):
    # The README's Household sorts its people by first name; the server does it here.
    people = serializers.SerializerMethodField()

    def get_people(self, household):
        return PersonSerializer(household.people.order_by("first_name"), many=True).data

    class Meta:
        model = CrudeHousehold
        fields = ["id", "name", "people", "created_at"]


class ObjectKeyResponses:
    """Wraps successful response bodies in the viewset's object key, CRUDE-Futures' `objectKey`."""

    object_key = ""
    objects_key = ""

    def finalize_response(self, request, response, *args, **kwargs):
        if response.status_code < 300 and response.data is not None:
            response.data = {self.objects_key if self.action == "list" else self.object_key: response.data}
        return super().finalize_response(request, response, *args, **kwargs)


class PersonViewSet(ObjectKeyResponses, Grouped, viewsets.ModelViewSet):
    queryset = CrudePerson.objects.order_by("id")
    serializer_class = PersonSerializer
    pagination_class = None
    object_key = "person"
    objects_key = "people"

    def get_queryset(self):
        people = super().get_queryset()
        household = self.kwargs.get("household_id")
        return people.filter(household_id=household) if household is not None else people


class HouseholdViewSet(Grouped, viewsets.ModelViewSet):
    queryset = CrudeHousehold.objects.order_by("id")
    serializer_class = HouseholdSerializer
    pagination_class = None

    def get_queryset(self):
        households = super().get_queryset()
        name = self.request.query_params.get("name")
        return households.filter(name=name) if name else households


MODELS = [CrudeHousehold, CrudePerson]

router = routers.DefaultRouter()
router.register("people", PersonViewSet, basename="crude-people")
router.register("person", PersonViewSet, basename="crude-person")
router.register("household/people", PersonViewSet, basename="crude-household-people")
router.register("households", HouseholdViewSet, basename="crude-households")
urlpatterns = [
    path("households/<int:household_id>/people/", PersonViewSet.as_view({"get": "list"}), name="crude-household-members"),
    path("", include(router.urls)),
]
