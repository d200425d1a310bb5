"""The models the JSON:API server keeps, an installed app: a many-to-many relation needs its reverse
relation, which Django registers only for the models of installed apps."""
from django.db import models


class Person(models.Model):
    group = models.CharField(max_length=100)
    name = models.CharField(max_length=100)
    email = models.CharField(max_length=100, null=True, blank=True)

    class Meta:
        ordering = ["id"]

    class JSONAPIMeta:
        resource_name = "people"


class Article(models.Model):
    group = models.CharField(max_length=100)
    title = models.CharField(max_length=200)
    body = models.TextField()
    published_at = models.DateTimeField(null=True, blank=True)
    author = models.ForeignKey(Person, null=True, blank=True, on_delete=models.SET_NULL, related_name="articles")
    reviewers = models.ManyToManyField(Person, blank=True, related_name="reviewed")

    class Meta:
        ordering = ["id"]

    class JSONAPIMeta:
        resource_name = "articles"
