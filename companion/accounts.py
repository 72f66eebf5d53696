"""A player's own account: sign-up with an e-mail address, the account page (e-mail,
password), password change checked like a login, and deleting the account with its data.

Password reset is Django's own views (``django.contrib.auth.urls``) with our templates:
they answer the same for an unknown address, so the form tells nobody who has an account.
Every password typed here goes through ``authenticate`` so django-axes counts a wrong
one and refuses a locked-out account, exactly as on the login page.
"""

from __future__ import annotations

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

# Who a table keeps in the seat of a player who deleted their account, and who hosts a
# table whose host left with nobody signed in to take over. Not a name sign-up accepts
# (it has a space), so nobody can claim it.
DELETED_PLAYER = "deleted player"


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


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's reset from the e-mailed link; proving the mailbox also lifts django-axes'
    lock-out of that account, so a player locked out by someone else's guesses can log in
    with the new password at once."""

    def form_valid(self, form: Any) -> HttpResponse:
        from axes.utils import reset

        response = super().form_valid(form)
        reset(username=self.user.get_username())
        return response


class DeleteAccountForm(PasswordChecked, forms.Form):
    """Deleting the account: the password and a tick that says what goes."""

    password = forms.CharField(
        label="Your password",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.BooleanField(
        label="I understand that my lists, homebrew, collection, print files and uploaded "
        "designs are deleted for good.",
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
    counts = (
        (user.lists.count(), "list", "lists"),
        (user.homebrew.count(), "homebrew entry", "homebrew entries"),
        (user.print_jobs.count(), "print file", "print files"),
        (user.designs.count(), "uploaded 3D design", "uploaded 3D designs"),
    )
    return [f"{n} {one if n == 1 else many}" for n, one, many in counts]


def _deleted_player() -> Any:
    """The placeholder account that hosts tables whose host left (created once, never able
    to log in)."""
    user_model = get_user_model()
    ghost, created = user_model.objects.get_or_create(
        username=DELETED_PLAYER, defaults={"is_active": False}
    )
    if created:
        ghost.set_unusable_password()
        ghost.save(update_fields=["password"])
    return ghost


@transaction.atomic
def account_delete(*, user: Any) -> None:
    """Delete ``user`` and their own data (lists and their versions and tags, homebrew,
    collection, print jobs and uploaded designs, files included).

    Other players' games are kept: each seat the player held becomes "deleted player" (in
    the seat, in the table's first log entry and its state); a table they hosted passes to
    another signed-in player at it, or to the placeholder host when only guests are left,
    and is deleted only when nobody else ever sat at it.
    """
    from companion.table import services as table_services
    from companion.table.models import Action, Table
    from printing.models import PrintJob
    from printing.stl.models import Design

    for table in Table.objects.filter(Q(host=user) | Q(seats__user=user)).distinct():
        others = table.seats.exclude(user=user)
        if not others.exists():
            table.delete()  # nobody else's game
            continue
        if table.host_id == user.pk:
            heir = others.filter(user__isnull=False, removed=False).order_by("number").first()
            table.host = heir.user if heir is not None else _deleted_player()
        numbers = set(table.seats.filter(user=user).values_list("number", flat=True))
        table.seats.filter(user=user).update(name=DELETED_PLAYER, user=None)
        start = table.actions.filter(seq=0, payload__type=table_services.START).first()
        if start is not None:
            for seat in start.payload.get("seats", []):
                if seat.get("number") in numbers:
                    seat["name"] = DELETED_PLAYER
            Action.objects.filter(pk=start.pk).update(payload=start.payload)
            table.state = table_services.rebuild_state(table)
        table.save(update_fields=["state", "host", "updated"])  # new views (view_texts)

    files = [job.file for job in PrintJob.objects.filter(owner=user) if job.file]
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
