"""A player's own account: sign-up with an e-mail address, the account page (e-mail,
password), password change checked like a login, and deleting the account with its data.

Password reset is Django's own views (``django.contrib.auth.urls``) with our templates:
they answer the same for an unknown address, so the form tells nobody who has an account.
Every password typed here goes through ``authenticate`` so django-axes counts a wrong
one and refuses a locked-out account, exactly as on the login page.
"""

from __future__ import annotations

import logging
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth import authenticate, get_user_model, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy

from companion.games.base import RuleError

# Who a table keeps in the seat of a player who deleted their account. Not a name sign-up
# accepts (it has a space), so nobody can claim it.
DELETED_PLAYER = "deleted player"
logger = logging.getLogger(__name__)


class SignupForm(UserCreationForm):
    """Django's sign-up with an optional e-mail address: the one a password reset uses."""

    email = forms.EmailField(
        required=False,
        help_text="Optional: where a password reset link is sent if you forget it.",
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class PasswordChecked:
    """A form that asks for the signed-in player's own password: checked through
    ``authenticate``, so django-axes counts the wrong ones."""

    cleaned_data: dict[str, Any]

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        self.request = request
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not _password_is_right(self.request, self.request.user, password):
            raise forms.ValidationError("That is not your password.", code="password_incorrect")
        return password


class EmailForm(PasswordChecked, forms.ModelForm):
    """The reset address, changed only with the password: whoever finds a signed-in
    device must not be able to send the account's reset links to themselves."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    class Meta:
        model = get_user_model()
        fields = ("email",)
        help_texts = {"email": "Where a password reset link is sent. Leave empty for none."}


def _password_is_right(request: HttpRequest, user: Any, password: str) -> bool:
    """Check ``password`` as a login would: django-axes counts a wrong one and refuses
    every attempt while the account is locked out (its middleware then answers 429)."""
    found = authenticate(request, username=user.get_username(), password=password)
    return found is not None and found.pk == user.pk


class AxesPasswordChangeForm(PasswordChangeForm):
    """Django's change-password form whose old password is checked as a login."""

    def __init__(self, user: Any, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self) -> str:
        old = self.cleaned_data["old_password"]
        if not _password_is_right(self.request, self.user, old):
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = AxesPasswordChangeForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form: Any) -> HttpResponse:
        """The new password ends every other session, and so their open table sockets
        (this device's reconnect with its new session)."""
        from companion.table.device_sessions import end_user_sessions

        response = super().form_valid(form)
        end_user_sessions(form.user.pk)
        return response


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's reset from the e-mailed link; proving the mailbox also lifts django-axes'
    lock-out of that account, so a player locked out by someone else's guesses can log in
    with the new password at once."""

    def form_valid(self, form: Any) -> HttpResponse:
        from axes.utils import reset

        from companion.table.device_sessions import end_user_sessions

        response = super().form_valid(form)
        reset(username=self.user.get_username())
        end_user_sessions(self.user.pk)  # every session's table sockets close
        return response


class DeleteAccountForm(PasswordChecked, forms.Form):
    """Deleting the account: the password and a tick that says what goes."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label="I understand that my lists, homebrew, collection, private print files and "
        "uploaded designs are deleted for good, and that only what is said above is kept.",
    )


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The account page: the e-mail address for password resets, and the way to the
    password change and to deleting the account."""
    form = EmailForm(request.POST or None, instance=request.user, request=request)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Saved your e-mail address.")
        return redirect("account")
    return render(
        request, "registration/account.html", {"form": form}, status=400 if form.errors else 200
    )


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    """Delete the account after its password: the player's data goes, the games others
    played with them stay (see ``account_delete``)."""
    form = DeleteAccountForm(request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        user = request.user
        username = user.get_username()
        account_delete(user=user)
        logout(request)
        messages.success(request, f"The account {username} and its data are deleted.")
        return redirect("catalog:home")
    return render(
        request,
        "registration/delete_account.html",
        {"form": form, "counts": _owned_counts(request.user)},
        status=400 if form.errors else 200,
    )


def _owned_counts(user: Any) -> list[str]:
    """What deleting takes with it, in words, shown before the player confirms."""
    from printing import selectors as print_selectors

    counts = (
        (user.lists.count(), "list", "lists"),
        (user.homebrew.count(), "homebrew entry", "homebrew entries"),
        (
            print_selectors.jobs_of_their_own(user).count(),
            "private print file",
            "private print files",
        ),
        (user.designs.count(), "uploaded 3D design", "uploaded 3D designs"),
    )
    return [f"{n} {one if n == 1 else many}" for n, one, many in counts]


def _leave_table(table: Any, user: Any) -> None:
    """``user``'s seats at ``table`` are vacated as their account goes (see
    ``account_delete``), and the table passes to another host if it was theirs."""
    from companion.table import services as table_services
    from companion.table.models import TableStatus, new_token

    mine = list(table.seats.filter(user=user))
    others = table.seats.exclude(pk__in=[seat.pk for seat in mine])
    if not others.exists():
        table.delete()  # nobody else's game
        return
    if table.host_id == user.pk:
        _pass_host(table, others)
    numbers = {seat.number for seat in mine}
    if table.status == TableStatus.PLAYING:
        for number in sorted(numbers):
            try:
                table_services.seat_leave(table=table, number=number)
            except RuleError as exc:  # a game that cannot: the host can end it, or give the seat
                logger.warning("table %s: seat %s could not leave (%s)", table.code, number, exc)
    for seat in mine:
        seat.user, seat.list_body, seat.token = None, {}, new_token()  # nobody holds it now
        seat.removed = seat.removed or table.status == TableStatus.OPEN  # left the lobby
        seat.save(update_fields=["user", "list_body", "token", "removed"])
    if numbers:
        table_services.seats_renamed(table=table, numbers=numbers, name=DELETED_PLAYER)


def _pass_host(table: Any, others: Any) -> None:
    """The table's host rights pass to the first signed-in player still at it, else to the
    first guest seat (``Table.host_seat``), else to nobody (nobody is left to play)."""
    seated = others.filter(removed=False).exclude(user__isnull=True, name=DELETED_PLAYER)
    heir = (
        seated.filter(user__isnull=False).order_by("number").first()
        or seated.order_by("number").first()
    )
    table.host = heir.user if heir is not None and heir.user_id is not None else None
    table.host_seat = heir if heir is not None and heir.user_id is None else None
    table.save(update_fields=["host", "host_seat", "updated"])  # new views (view_texts)


@transaction.atomic
def account_delete(*, user: Any) -> None:
    """Delete ``user`` and their own data: lists and their versions and tags, homebrew,
    collection, private print files and uploaded designs, files included.

    What stays is what the page says (``registration/delete_account.html``). At a table
    whose game others played the player's seat stays, named "deleted player" wherever the
    table keeps a name (the seat, the log's events and its download), with the list as it
    was dealt into that game (the log's first entry: the game replays from it); the copy
    of the list in the seat goes. A game in play goes on as the game declares for a seat
    that leaves (``table_services.seat_leave``); a seat in a lobby is taken away. A table
    they hosted passes to another signed-in player at it, else to a guest seat, and is
    deleted only when nobody else ever sat at it. A print file that is not private is
    handed to anyone who asks for the same file, so it stays, without its owner.
    """
    from companion.table.device_sessions import end_user_sessions
    from companion.table.models import Table
    from printing import selectors as print_selectors
    from printing.models import PrintJob
    from printing.stl.models import Design

    # First, so that on commit their open table sockets close (on every device) before
    # the tables' new views are pushed: the seat's last view never reaches them.
    end_user_sessions(user.pk)
    for table in Table.objects.filter(Q(host=user) | Q(seats__user=user)).distinct():
        _leave_table(table, user)

    own = print_selectors.jobs_of_their_own(user)
    PrintJob.objects.filter(owner=user).exclude(pk__in=own.values("pk")).update(owner=None)
    files = [job.file for job in own if job.file]
    for design in Design.objects.filter(author=user):
        files += [f for f in (design.file, design.thumbnail) if f]
    names = [(f.storage, f.name) for f in files]
    user.delete()  # cascades to lists, versions, tags, homebrew, collection, jobs, designs

    def remove_files() -> None:  # only once the rows are surely gone
        for storage, name in names:
            storage.delete(name)

    transaction.on_commit(remove_files)


password_change = login_required(
    PasswordChangeView.as_view(success_url=reverse_lazy("password_change_done"))
)
password_reset_confirm = PasswordResetConfirmView.as_view(
    success_url=reverse_lazy("password_reset_complete")
)
