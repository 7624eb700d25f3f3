VIEWS: dict[str, tuple[str, str]] = {}
