"""Reads of one row by a unique key, and updates, on a hot path, without compiling the query every time.

Building the SQL of ``Model.objects.filter(key=value).first()`` costs the ORM more CPU than the
database takes to answer it (~0.5 ms for a live game's row, ~1 ms with a ``select_related``:
bench/live_move.py). A ``KeptQuery`` lets the ORM compile its queryset once per process and
database (not per connection: under ASGI each request runs in a thread of its own, with a
connection object of its own), with a marker in place of each argument, and keeps the SQL, the column
converters and the related-object populators the ORM made. Each call then only runs that SQL with
its own arguments and builds the instance as ``QuerySet`` does (``Model.from_db``, the fields'
converters, ``select_related`` objects); what comes back is an ordinary model instance.

Only for a queryset that selects at most one row and whose every parameter is one of the call's
arguments or a constant of the queryset itself (the markers must each appear once). A call's
values go to the database as given: pass them in the field's own type (an int for an integer
key), and give markers of that type (``markers=``) where a string marker would not be a value
of the field.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import connections, router, transaction
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.sql.subqueries import UpdateQuery


def _marker(index: int) -> str:
    return f"\x00kept-query-argument-{index}\x00"


def _placed(value: Any, markers: list) -> tuple:
    """("argument", its index, adapt) for a marker, else ("constant", value, None). ``adapt``: the
    type the backend gave the marker when it is a subclass of the marker's (psycopg's ``Int4`` for
    an integer field), so that each call's value goes to the database typed alike."""
    for index, marker in enumerate(markers):
        if isinstance(value, type(marker)) and value == marker:
            return ("argument", index, None if type(value) is type(marker) else type(value))
    return ("constant", value, None)


def _filled(placed: tuple, arguments: tuple) -> list:
    """The parameters of a call: its arguments (adapted) where the markers were, the constants."""
    return [
        value if kind == "constant" else arguments[value] if adapt is None else adapt(arguments[value])
        for kind, value, adapt in placed
    ]


def _used(placed: tuple) -> list[int]:
    return sorted(value for kind, value, _adapt in placed if kind == "argument")


@dataclass(frozen=True)
class _Plan:
    sql: str
    params: tuple  # per parameter: ("argument", index, adapt) or ("constant", value, None)
    converters: tuple  # (column position, converters, expression)
    model: type[Model]
    columns: slice  # the model's own columns in a row
    init_list: tuple[str, ...]
    populators: tuple  # select_related objects


def _database(connection, alias: str) -> tuple[str, str]:
    return alias, connection.settings_dict["ENGINE"]


class _Kept:
    """What a kept read and a kept update share: the queryset's builder, its markers, and the
    plans compiled per database (its alias and engine: the SQL is the backend's, whichever of its
    connections asks)."""

    def __init__(self, build: Callable[..., QuerySet], *, arguments: int = 1, markers: tuple = ()):
        self._build = build
        self._arguments = arguments
        self._markers = list(markers) or [_marker(index) for index in range(arguments)]
        if len(self._markers) != arguments:
            raise ValueError("one marker per argument")
        self._plans: dict[tuple[str, str], Any] = {}  # per database: _database(connection, alias)
        self._lock = threading.Lock()


class KeptQuery(_Kept):
    """``build(*arguments)`` is the queryset; ``KeptQuery(build, arguments=n).first(*values)``
    is ``build(*values).first()`` without compiling it again."""

    def _plan(self, connection, alias: str) -> _Plan:
        database = _database(connection, alias)
        plan = self._plans.get(database)
        if plan is None:
            plan = self._compile(connection, alias)
            with self._lock:
                self._plans[database] = plan
        return plan

    def _compile(self, connection, alias: str) -> _Plan:
        markers = self._markers
        queryset = self._build(*markers).order_by()[:1]  # one row by a unique key: no ORDER BY
        compiler = queryset.query.get_compiler(using=alias, connection=connection)
        sql, compiled_params = compiler.as_sql()
        params = tuple(_placed(value, markers) for value in compiled_params)
        if _used(params) != list(range(self._arguments)):
            raise ValueError(f"each argument must be a parameter of the query once: {sql}")
        klass_info = compiler.klass_info
        fields = [column[0] for column in compiler.select[0 : compiler.col_count]]
        converters = tuple(
            (position, tuple(convs), expression)
            for position, (convs, expression) in compiler.get_converters(fields).items()
        )
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        return _Plan(
            sql=sql,
            params=params,
            converters=converters,
            model=klass_info["model"],
            columns=slice(start, end),
            init_list=tuple(column[0].target.attname for column in compiler.select[start:end]),
            populators=tuple(get_related_populators(klass_info, compiler.select, alias)),
        )

    def first(self, *values: Any) -> Model | None:
        """The row's instance (None when no row matches)."""
        if len(values) != self._arguments:
            raise TypeError(f"expected {self._arguments} arguments, got {len(values)}")
        model = self._build_model()
        alias = router.db_for_read(model)
        connection = connections[alias]
        plan = self._plan(connection, alias)
        params = _filled(plan.params, values)
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            found = cursor.fetchone()
        if found is None:
            return None
        row = list(found)
        for position, convs, expression in plan.converters:
            value = row[position]
            for converter in convs:
                value = converter(value, expression, connection)
            row[position] = value
        instance = plan.model.from_db(alias, plan.init_list, row[plan.columns])
        for populator in plan.populators:
            populator.populate(row, instance)
        return instance

    def _build_model(self) -> type[Model]:
        model = getattr(self, "_model", None)
        if model is None:
            model = self._model = self._build(*self._markers).model
        return model


class KeptUpdate(_Kept):
    """``build(*arguments).update(**values)`` without compiling the UPDATE again: its SQL is
    kept per process, connection and shape (the fields set, in order, and which of them are
    None: the ORM writes those as NULL in the SQL). Each call prepares its values as the ORM does
    (``Field.get_db_prep_save``) and returns the number of rows changed.

    Plain values only (no expressions, no model instances), on fields of the model itself; the
    arguments are placed like ``KeptQuery``'s (markers of the field's type where a string would
    not be one, and within the field's range)."""

    def __init__(self, build: Callable[..., QuerySet], *, arguments: int = 1, markers: tuple = ()):
        super().__init__(build, arguments=arguments, markers=markers)  # plans here: {shape: plan}
        self._model: type[Model] | None = None

    def update(self, *arguments: Any, **values: Any) -> int:
        if len(arguments) != self._arguments:
            raise TypeError(f"expected {self._arguments} arguments, got {len(arguments)}")
        if self._model is None:
            self._model = self._build(*self._markers).model
        model = self._model
        alias = router.db_for_write(model)
        connection = connections[alias]
        prepared = []
        for name, value in values.items():
            if hasattr(value, "resolve_expression") or hasattr(value, "prepare_database_save"):
                raise TypeError(f"{name}: plain values only")
            field = model._meta.get_field(name)
            prepared.append(field.get_db_prep_save(value, connection=connection))
        shape = tuple((name, value is None) for name, value in zip(values, prepared))
        database = _database(connection, alias)
        plans = self._plans.get(database)
        plan = plans.get(shape) if plans is not None else None
        if plan is None:
            plan = self._compile(connection, alias, values, len([value for value in prepared if value is not None]))
            with self._lock:
                self._plans.setdefault(database, {})[shape] = plan
        sql, where = plan
        params = [value for value in prepared if value is not None]
        params += _filled(where, arguments)
        with transaction.mark_for_rollback_on_error(using=alias), connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.rowcount

    def _compile(self, connection, alias: str, values: dict, set_params: int) -> tuple[str, tuple]:
        query = self._build(*self._markers).query.chain(UpdateQuery)
        query.add_update_values(values)
        if query.related_updates:
            raise ValueError("only the model's own fields")
        for field, _model, _value in query.values:
            if hasattr(field, "get_placeholder"):
                raise ValueError(f"{field.name}: a field with its own placeholder")
        query.clear_select_clause()
        sql, params = query.get_compiler(using=alias, connection=connection).as_sql()
        where = tuple(_placed(value, self._markers) for value in params[set_params:])
        assignments, _, condition = sql.partition(" WHERE ")
        if assignments.count("%s") != set_params or condition.count("%s") != len(where):
            raise ValueError(f"the values do not fill the query's parameters: {sql}")
        if _used(where) != list(range(self._arguments)):
            raise ValueError(f"each argument must be a parameter of the condition once: {sql}")
        return sql, where
