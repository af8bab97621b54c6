"""paddle.text.datasets.Movielens (Paddle: text/datasets/movielens.py): MovieLens 1M (ml-1m.zip:
ml-1m/movies.dat, users.dat, ratings.dat, '::'-separated, latin-1). Ratings are split into
train/test by numpy's global generator seeded with rand_seed (np.random.seed, then one
np.random.random() per rating, as Paddle does); each sample is user id, gender, age bucket, job,
movie id, category ids, title-word ids and rating * 2 - 5.

Differences from Paddle: no network (a missing zip raises one RuntimeError naming ml-1m.zip, its
URL, MD5 and the cache folder, which is ~/.cache/paddle/dataset/sentiment/ as in Paddle; MD5 sums
are not checked). As in Paddle, the category and title-word dictionaries are numbered by
iterating Python sets (their order follows PYTHONHASHSEED)."""
import re
import zipfile

import numpy as np

from ..._io.dataset import Dataset
from ._local import locate

__all__ = ["Movielens", "MovieInfo", "UserInfo"]

age_table = [1, 18, 25, 35, 45, 50, 56]
URL = "https://dataset.bj.bcebos.com/movielens%2Fml-1m.zip"
MD5 = "c4d9eecfca2ab87c1945afe126590906"


class MovieInfo:
    """One movie: id, categories, title."""

    def __init__(self, index, categories, title):
        self.index = int(index)
        self.categories = categories
        self.title = title

    def value(self, categories_dict, movie_title_dict):
        return [[self.index], [categories_dict[c] for c in self.categories],
                [movie_title_dict[w.lower()] for w in self.title.split()]]

    def __str__(self):
        return (f"<MovieInfo id({self.index}), title({self.title}), "
                f"categories({self.categories})>")

    __repr__ = __str__


class UserInfo:
    """One user: id, gender, age bucket, job id."""

    def __init__(self, index, gender, age, job_id):
        self.index = int(index)
        self.is_male = gender == "M"
        self.age = age_table.index(int(age))
        self.job_id = int(job_id)

    def value(self):
        return [[self.index], [0 if self.is_male else 1], [self.age], [self.job_id]]

    def __str__(self):
        gender = "M" if self.is_male else "F"
        return (f"<UserInfo id({self.index}), gender({gender}), age({age_table[self.age]}), "
                f"job({self.job_id})>")

    __repr__ = __str__


class Movielens(Dataset):
    """paddle.text.Movielens(data_file=None, mode='train', test_ratio=0.1, rand_seed=0,
    download=True): eight arrays per rating; see the module doc.
    Differences from Paddle: no network (see the module doc); the set-numbered dictionaries follow
    PYTHONHASHSEED, as in Paddle."""

    def __init__(self, data_file=None, mode="train", test_ratio=0.1, rand_seed=0, download=True):
        assert mode.lower() in ["train", "test"], f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = locate(data_file, URL, MD5, "sentiment", download,
                                f"Movielens(mode='{mode}')", "data_file")
        self.test_ratio = test_ratio
        self.rand_seed = rand_seed
        np.random.seed(rand_seed)
        self._load_meta_info()
        self._load_data()

    def _load_meta_info(self):
        pattern = re.compile(r"^(.*)\((\d+)\)$")
        self.movie_info, self.movie_title_dict, self.categories_dict, self.user_info = {}, {}, {}, {}
        with zipfile.ZipFile(self.data_file) as package:
            title_word_set, categories_set = set(), set()
            with package.open("ml-1m/movies.dat") as movie_file:
                for line in movie_file:
                    movie_id, title, categories = line.decode(encoding="latin").strip().split("::")
                    categories = categories.split("|")
                    categories_set.update(categories)
                    title = pattern.match(title).group(1)
                    self.movie_info[int(movie_id)] = MovieInfo(movie_id, categories, title)
                    for w in title.split():
                        title_word_set.add(w.lower())
            for i, w in enumerate(title_word_set):
                self.movie_title_dict[w] = i
            for i, c in enumerate(categories_set):
                self.categories_dict[c] = i
            with package.open("ml-1m/users.dat") as user_file:
                for line in user_file:
                    uid, gender, age, job, _ = line.decode(encoding="latin").strip().split("::")
                    self.user_info[int(uid)] = UserInfo(uid, gender, age, job)

    def _load_data(self):
        self.data = []
        is_test = self.mode == "test"
        with zipfile.ZipFile(self.data_file) as package, \
                package.open("ml-1m/ratings.dat") as ratings:
            for line in ratings:
                line = line.decode(encoding="latin")
                if (np.random.random() < self.test_ratio) == is_test:
                    uid, mov_id, rating, _ = line.strip().split("::")
                    mov = self.movie_info[int(mov_id)]
                    usr = self.user_info[int(uid)]
                    self.data.append(usr.value() + mov.value(self.categories_dict,
                                                             self.movie_title_dict)
                                     + [[float(rating) * 2 - 5.0]])

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
