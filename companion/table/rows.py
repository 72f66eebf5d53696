"""The live table's hot reads and writes as SQL of our own, still as the models' instances.

Every move and every connecting device makes a few queries on the one thread that a
server process's sockets share. Measured on a 2-core machine with PostgreSQL: the ORM
took 1.9 ms to build and run the lock of a table with its game, ``RawQuerySet`` about
0.5 ms a query to map its row, and the SQL itself ran in 0.1-0.4 ms. Here the statements
are built once per model from its fields, the fields prepare what is written and convert
what is read (JSON, dates) as the ORM does, and rows become instances through
``Model.from_db``, so the rest of the site sees ordinary models. JSON is written with
orjson: a 12,000-point Maker-War table's state is a megabyte, which the standard library
took 45 ms to encode on every move, orjson 6.5 ms (on this machine, under load). A value
orjson cannot write is refused before anything is written (``Unstorable``), never
written by a laxer encoder: every device's view is written by orjson too.

Only for a few statements on the hot path, beside the ORM queries that stay everywhere
else; no model here has signals (the ORM's ``save`` would send them)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, TypeVar

import orjson
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connection, connections
from django.db.models import Field, JSONField, Model

from companion.json_limits import JSONLimitError

M = TypeVar("M", bound=Model)


@functools.cache
def _fields(model: type[Model], names: tuple[str, ...] | None) -> tuple[Field, ...]:
    """The concrete fields named (attnames, e.g. ``game_id``), in the model's order; all of
    them for None."""
    every = model._meta.concrete_fields
    if names is None:
        return tuple(every)
    unknown = set(names) - {f.attname for f in every}
    if unknown:
        raise ValueError(f"{model.__name__} has no columns {sorted(unknown)}")
    return tuple(f for f in every if f.attname in names)


def columns(model: type[Model], alias: str, names: Sequence[str] | None = None) -> str:
    """``alias.column, ...`` of the fields ``names`` (all for None), in the order that
    ``fetch`` and ``fetch_joined`` read them back."""
    quote = connection.ops.quote_name
    return ", ".join(f"{alias}.{quote(f.column)}" for f in _fields(model, _key(names)))


def table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _key(names: Sequence[str] | None) -> tuple[str, ...] | None:
    return None if names is None else tuple(names)


class _Reader:
    """How one connection turns rows of some fields of a model into instances: each
    field's converters, the backend's then the field's (a JSON field decodes text, SQLite's
    dates become aware datetimes), applied as the ORM applies them."""

    def __init__(self, db: Any, model: type[Model], fields: tuple[Field, ...]):
        self.db, self.model = db, model
        self.names = [f.attname for f in fields]
        self.width = len(fields)
        self.converting = []
        for index, field in enumerate(fields):
            col = field.get_col(model._meta.db_table)
            found = [*db.ops.get_db_converters(col), *col.get_db_converters(db)]
            if found:
                self.converting.append((index, col, found))

    def instance(self, values: Sequence[Any]) -> Model:
        values = list(values)
        for index, col, converters in self.converting:
            value = values[index]
            for convert in converters:
                value = convert(value, col, self.db)
            values[index] = value
        return self.model.from_db(self.db.alias, self.names, values)


# The readers of a connection live on the connection object (one per thread) and go with
# it. Not in a ``WeakKeyDictionary`` keyed by the connection: a reader holds its
# connection, so such an entry would keep every request thread's connection, and its open
# files, for good.
_READERS_ATTR = "_muster_row_readers"


def _reader(db: Any, model: type[Model], names: Sequence[str] | None) -> _Reader:
    kept = db.__dict__.setdefault(_READERS_ATTR, {})
    key = (model, _key(names))
    found = kept.get(key)
    if found is None:
        found = kept[key] = _Reader(db, model, _fields(*key))
    return found


def _rows(db: Any, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def fetch(
    model: type[M], sql: str, params: Sequence[Any], names: Sequence[str] | None = None
) -> list[M]:
    """The rows of ``sql``, which selects ``columns(model, alias, names)``, as instances;
    fields not in ``names`` are deferred (read on first use, as with ``only``)."""
    db = connections[DEFAULT_DB_ALIAS]
    reader = _reader(db, model, names)
    return [reader.instance(row) for row in _rows(db, sql, params)]  # type: ignore[misc]


def fetch_joined(
    shapes: Sequence[tuple[type[Model], Sequence[str] | None]], sql: str, params: Sequence[Any]
) -> list[tuple[Model, ...]]:
    """The rows of ``sql``, which selects ``columns(model, alias, names)`` of each
    ``(model, names)`` of ``shapes`` in turn, each row as one instance of each model."""
    db = connections[DEFAULT_DB_ALIAS]
    readers = [_reader(db, model, names) for model, names in shapes]
    found = []
    for row in _rows(db, sql, params):
        start, instances = 0, []
        for reader in readers:
            instances.append(reader.instance(row[start : start + reader.width]))
            start += reader.width
        found.append(tuple(instances))
    return found


def for_update(of: str) -> str:
    """The row lock clause of the backend, on alias ``of`` only (the rows joined to it are
    only read); empty where the backend has none (SQLite locks the whole database when
    the transaction writes)."""
    features = connection.features
    if not features.has_select_for_update:
        return ""
    return " " + connection.ops.for_update_sql(
        of=(of,) if features.has_select_for_update_of else ()
    )


def _prepared(db: Any, instance: Model, fields: Sequence[Field], *, adding: bool) -> list[Any]:
    """What the ORM's ``save`` would write for each field: ``pre_save`` (an ``auto_now``
    date is set on the instance), then the backend's preparation, or JSON as text (which
    PostgreSQL casts to ``jsonb`` as it does the ORM's)."""
    return [
        _json_dumps(f, f.pre_save(instance, adding), db)
        if _plain_json(f)
        else f.get_db_prep_save(f.pre_save(instance, adding), db)
        for f in fields
    ]


def _plain_json(field: Field) -> bool:
    """A JSON field with the standard encoding (no encoder of its own)."""
    return isinstance(field, JSONField) and field.encoder is None


class Unstorable(JSONLimitError):
    """A value of a JSON field that orjson cannot write (a lone surrogate, an integer
    beyond 64 bits, nesting past its limit): refused before anything is written, naming
    the field. Every device's view is written by orjson, so such a value, once stored,
    would have to be shown as unreadable to everyone; the input gate
    (``json_limits.check_action``) keeps it out, and this keeps out what a game's rules
    might compute past it. A ``RuleError``: a 400 on every path. The caller's
    transaction must not go on to commit what it wrote before (``services.act``)."""


def _json_dumps(field: Field, value: Any, db: Any) -> Any:
    """The value as JSON text, by orjson (read back with the standard library, as the
    ORM reads it); what orjson refuses is refused (``Unstorable``), never stored by a
    laxer encoder."""
    try:
        return orjson.dumps(field.get_prep_value(value), option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError as exc:
        where = f"{field.model._meta.model_name}.{field.name}"
        raise Unstorable(
            {where: f"This value cannot be stored ({exc}); nothing was stored."}
        ) from exc


@functools.cache
def _insert_sql(model: type[Model], vendor: str) -> tuple[str, tuple[Field, ...], bool]:
    """The statement, its fields, and whether it returns the new key."""
    pk = model._meta.pk
    fields = tuple(f for f in model._meta.concrete_fields if f is not pk)
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {table(model)} ({', '.join(quote(f.column) for f in fields)})"
        f" VALUES ({', '.join(['%s'] * len(fields))})"
    )
    returning = connection.features.can_return_columns_from_insert
    if returning:
        sql += f" RETURNING {quote(pk.column)}"
    return sql, fields, returning


def insert(instance: Model) -> None:
    """Write a new ``instance`` (its primary key given by the database), as ``save`` does."""
    db = connections[DEFAULT_DB_ALIAS]
    model = type(instance)
    sql, fields, returning = _insert_sql(model, db.vendor)
    with db.cursor() as cursor:
        cursor.execute(sql, _prepared(db, instance, fields, adding=True))
        if returning:
            pk = cursor.fetchone()[0]
        else:
            pk = db.ops.last_insert_id(cursor, model._meta.db_table, model._meta.pk.column)
    instance.pk = pk
    instance._state.adding, instance._state.db = False, db.alias


@functools.cache
def _update_sql(
    model: type[Model], names: tuple[str, ...], vendor: str
) -> tuple[str, tuple[Field, ...]]:
    fields = tuple(model._meta.get_field(name) for name in names)
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(f.column)} = %s" for f in fields)
    sql = f"UPDATE {table(model)} SET {assignments} WHERE {quote(model._meta.pk.column)} = %s"
    return sql, fields


def update(instance: Model, names: Sequence[str]) -> None:
    """``instance.save(update_fields=names)``: the fields written (an ``auto_now`` date
    set first), a ``DatabaseError`` when the row is gone, as the ORM raises."""
    db = connections[DEFAULT_DB_ALIAS]
    sql, fields = _update_sql(type(instance), tuple(names), db.vendor)
    with db.cursor() as cursor:
        cursor.execute(sql, [*_prepared(db, instance, fields, adding=False), instance.pk])
        if cursor.rowcount != 1:
            raise DatabaseError("Save with update_fields did not affect any rows.")
