 x  # expect: 1:2: unexpected indent
